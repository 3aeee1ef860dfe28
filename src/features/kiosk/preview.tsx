// The kiosk's one public entry for other features: a preview of a flow's kiosk screens, drawn
// by the kiosk's own step components, so the journey builder shows what a visitor will see.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readFlowSettings, readJourneySettings, type FlowSettings } from '../../../domain/journey';
import { contentDir, textIn, type LocalizedText } from '../../../domain/localized-text';
import { useKioskData, type KioskFlow } from './hooks/use-kiosk-data';
import { ChecksStep } from './components/checks-step';
import { ComplianceStep } from './components/compliance-step';
import { HostStep } from './components/host-step';
import { InstructionStep } from './components/instruction-step';
import { KButton } from './components/kit';
import './components/kiosk.css';
import './preview.css';

export interface PreviewInput {
  journey: { name: LocalizedText; settings: unknown };
  flow: { id?: string; journeyId?: string; name: LocalizedText; userTypeId: string | null; settings: unknown };
  /** The content language shown (the visitor's choice on a kiosk). */
  language: string;
}

type Screen = 'home' | 'instruction' | 'compliance' | 'checks' | 'host';

/** A half-typed form still previews: fields that do not parse yet take their defaults. */
function settingsOf(raw: unknown): FlowSettings {
  const r = (raw ?? {}) as Record<string, unknown>;
  for (const candidate of [r, { ...r, reminder_minutes: null, send_before_minutes: null, notification_emails: '' }]) {
    try {
      return readFlowSettings({ ...candidate, temperature_threshold: Number(candidate.temperature_threshold) || 37.5 });
    } catch {
      // Try the next, more forgiving reading.
    }
  }
  return readFlowSettings({});
}

export function KioskPreview({ journey, flow, language }: PreviewInput) {
  const { t } = useTranslation();
  const data = useKioskData();
  const [screen, setScreen] = useState<Screen>('home');
  const settings = settingsOf(flow.settings);
  let js: ReturnType<typeof readJourneySettings>;
  try {
    js = readJourneySettings(journey.settings);
  } catch {
    js = readJourneySettings({});
  }
  const screens: Screen[] = ['home'];
  if (js.instruction_enabled) screens.push('instruction');
  if (settings.compliance_id) screens.push('compliance');
  if (settings.temperature_check || settings.mask_check) screens.push('checks');
  if (settings.host) screens.push('host');
  const current = screens.includes(screen) ? screen : 'home';
  const next = () => setScreen(screens[screens.indexOf(current) + 1] ?? 'home');
  const previewFlow = {
    id: flow.id ?? 'preview',
    journeyId: flow.journeyId ?? 'preview',
    name: textIn(flow.name, language),
    names: flow.name,
    description: null,
    userTypeId: flow.userTypeId,
    settings,
    version: 1,
  } as unknown as KioskFlow;
  const common = { flow: previewFlow, onDone: next, onCancel: () => setScreen('home') };

  return (
    <div className="gh-kiosk gh-kiosk-preview" data-testid="kiosk-preview">
      <div className="gk-row" role="tablist" aria-label={t('journeys.preview.screens')}>
        {screens.map((s) => (
          <KButton
            key={s}
            size="lg"
            variant={s === current ? 'filled' : 'default'}
            role="tab"
            aria-selected={s === current}
            data-testid={`preview-${s}`}
            onClick={() => setScreen(s)}
          >
            {t(`journeys.preview.${s}`)}
          </KButton>
        ))}
      </div>
      <div className="gh-kiosk-main">
        {current === 'home' ? (
          <div className="gk-stack">
            <h1>{t('kiosk.welcome')}</h1>
            <p className="gk-lead gk-dimmed">{t('kiosk.chooseJourney')}</p>
            <div className="gh-kiosk-journeys">
              <KButton className="gh-kiosk-journey" dir={contentDir(language)} onClick={next}>
                {textIn(journey.name, language) || t('journeys.preview.unnamed')}
              </KButton>
              <KButton variant="outline" tone="orange" className="gh-kiosk-journey">
                {t('kiosk.signOut')}
              </KButton>
            </div>
          </div>
        ) : null}
        {current === 'instruction' ? <InstructionStep {...common} text={js.instruction} language={language} /> : null}
        {current === 'compliance' && data ? <ComplianceStep {...common} data={data} personId={null} /> : null}
        {current === 'checks' ? <ChecksStep {...common} /> : null}
        {current === 'host' && data ? <HostStep {...common} data={data} /> : null}
      </div>
    </div>
  );
}
