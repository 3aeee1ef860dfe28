// The registration form is an admin screen built with Mantine: it brings Mantine's provider and
// full stylesheet with it, so a registered kiosk never loads either. In the admin app the
// outer providers are already there; a nested provider with the same theme is harmless.
import { DirectionProvider, MantineProvider } from '@mantine/core';
import '@mantine/core/styles.layer.css';
import { theme } from '../../../app/theme';
import { contrastVariables } from '../../../ui/accessible-defaults';
import { RegisterKiosk } from './register-kiosk';

export function RegisterShell() {
  // main.tsx set <html dir> from the chosen language before the first render.
  const dir = document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={contrastVariables}>
        <RegisterKiosk />
      </MantineProvider>
    </DirectionProvider>
  );
}
