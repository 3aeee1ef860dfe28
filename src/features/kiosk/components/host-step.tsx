// Host: search starts after a first name, a space and two letters; a message for the host;
// "no host" where the flow allows it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hostSearchReady, searchHosts } from '../../../../domain/kiosk';
import type { KioskData, KioskFlow } from '../hooks/use-kiosk-data';
import type { Draft } from '../journey/draft';
import { KButton, KTextarea, KTextInput } from './kit';

interface Props {
  data: KioskData;
  flow: KioskFlow | undefined;
  onDone: (patch: Partial<Draft>) => void;
  onCancel: () => void;
  /** The host chosen at pre-registration, preselected. */
  initialHostId?: string | null;
}

export function HostStep({ data, flow, onDone, onCancel, initialHostId = null }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [hostId, setHostId] = useState<string | null>(initialHostId);
  const [message, setMessage] = useState('');
  // Hosts are of the flow's host types, else the people who are not of the visiting type.
  const hostTypes = flow?.settings.host_user_type_ids ?? [];
  const hosts = data.people.filter((p) =>
    hostTypes.length ? hostTypes.includes(p.userTypeId ?? '') : p.userTypeId !== flow?.userTypeId,
  );
  const found = searchHosts(hosts, query);
  const host = hosts.find((h) => h.id === hostId);
  const allowNone = flow?.settings.allow_no_host ?? true;

  return (
    <div className="gk-stack" data-testid="kiosk-host">
      <h2>{t('kiosk.host.title')}</h2>
      {host ? (
        <div className="gk-row">
          <span className="gk-badge gk-badge-large gk-tone-navy" data-testid="kiosk-host-chosen">
            {host.fullName}
          </span>
          <KButton variant="subtle" size="lg" onClick={() => setHostId(null)}>
            {t('kiosk.host.change')}
          </KButton>
        </div>
      ) : (
        <>
          <KTextInput
            size="xl"
            label={t('kiosk.host.search')}
            description={t('kiosk.host.searchHint')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            data-testid="kiosk-host-search"
            autoComplete="off"
          />
          {hostSearchReady(query) && found.length === 0 ? (
            <p className="gk-dimmed">{t('kiosk.identify.noMatch')}</p>
          ) : null}
          <div className="gk-stack-tight">
            {found.map((h) => (
              <KButton
                key={h.id}
                variant="default"
                className="gh-kiosk-person"
                data-testid="kiosk-host-match"
                onClick={() => setHostId(h.id)}
              >
                {h.fullName}
              </KButton>
            ))}
          </div>
        </>
      )}
      {flow?.settings.host_message !== false ? (
        <KTextarea
          label={t('kiosk.host.message')}
          value={message}
          maxLength={500}
          onChange={(e) => setMessage(e.currentTarget.value)}
          data-testid="kiosk-host-message"
        />
      ) : null}
      <div className="gh-kiosk-actions">
        <KButton variant="subtle" onClick={onCancel}>
          {t('kiosk.cancel')}
        </KButton>
        <div className="gk-row">
          {allowNone && !host ? (
            <KButton
              variant="light"
              data-testid="kiosk-no-host"
              onClick={() => onDone({ hostId: null, hostMessage: '' })}
            >
              {t('kiosk.host.none')}
            </KButton>
          ) : null}
          <KButton
            disabled={!host}
            data-testid="kiosk-next"
            onClick={() => onDone({ hostId, hostMessage: message.trim() })}
          >
            {t('kiosk.confirm')}
          </KButton>
        </div>
      </div>
    </div>
  );
}
