// The admin app: providers around the router, with Mantine's full stylesheet.
import { RouterProvider } from 'react-router-dom';
import { useState } from 'react';
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './global.css';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App({ dir }: { dir: 'ltr' | 'rtl' }) {
  const [router] = useState(createAppRouter);
  return (
    <Providers dir={dir}>
      <RouterProvider router={router} />
    </Providers>
  );
}
