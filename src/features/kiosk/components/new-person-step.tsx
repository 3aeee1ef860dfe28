// New person: the journey's user types, what their registration method allows, the details
// form with the spec's validation, the flow's custom fields and a photo from the camera.
import { BUILT_IN_PERSON_FIELDS } from '../../../../domain/kiosk-person-fields';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { decideRegistration } from '../../../../domain/journey';
import { registerPersonArgs, type RegisterPersonArgs } from '../../../../domain/kiosk-mutations';
import { parse } from '../../../../domain/validation';
import { flowFields, flowFor, shownTypes, type KioskData, type KioskJourney } from '../hooks/use-kiosk-data';
import type { Draft, DraftPerson } from '../journey/draft';
import { CameraPhoto } from './camera-photo';
import { CustomFields, type FieldValue } from './custom-field-input';
import { KAlert, KButton, KTextInput } from './kit';

interface Props {
  data: KioskData;
  journey: KioskJourney | undefined;
  onRegistered: (person: DraftPerson, extra: Partial<Draft>) => void;
  onCancel: () => void;
  onRefused: (reason: string) => void;
}

const FIELDS = BUILT_IN_PERSON_FIELDS;

export function NewPersonStep({ data, journey, onRegistered, onCancel, onRefused }: Props) {
  const { t } = useTranslation();
  const types = journey ? shownTypes(data, journey) : [];
  const [typeId, setTypeId] = useState<string | null>(types.length === 1 ? types[0]!.id : null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [custom, setCustom] = useState<Record<string, FieldValue>>({});
  const [photo, setPhoto] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const type = types.find((ty) => ty.id === typeId);
  const decision = type ? decideRegistration(type.registrationMethod, false) : null;
  const flow = type && journey ? flowFor(data, journey.id, type.id) : undefined;
  const fields = flowFields(data, flow);
  const unavailable = decision?.kind === 'refused' || decision?.kind === 'needs_expected_visit';
  useEffect(() => {
    if (unavailable) onRefused('registration_unavailable');
  }, [unavailable, typeId, onRefused]);

  function submit() {
    if (!type || !decision || decision.kind === 'refused' || decision.kind === 'needs_expected_visit') return;
    const args = {
      personId: uuidv7(),
      userTypeId: type.id,
      at: Date.now(),
      ...values,
      ...(photo ? { photo } : {}),
      customFields: fields
        .filter((f) => custom[f.id] !== undefined && custom[f.id] !== '')
        .map((f) => ({ custom_field_id: f.id, type: f.type, value: custom[f.id]! })),
    };
    const parsed = parse(registerPersonArgs, args);
    const found: Record<string, string[]> = parsed.ok ? {} : { ...parsed.errors };
    const email = (values.email ?? '').trim().toLowerCase();
    // Uniqueness against the people this kiosk knows; the server checks again on sync.
    if (email && data.people.some((p) => p.email?.toLowerCase() === email)) found.email = ['errors.email_exists'];
    if (values.phone && data.people.some((p) => p.phone === values.phone)) found.phone = ['errors.phone_exists'];
    // A binding field must be answered here; the server takes a visit without it (it may have been recorded offline).
    for (const f of fields)
      if (f.required && (custom[f.id] === undefined || custom[f.id] === '' || custom[f.id] === '[]'))
        found[`custom_fields.${f.id}`] = ['validation.required'];
    setErrors(found);
    if (!parsed.ok || Object.keys(found).length) return;
    const a: RegisterPersonArgs = parsed.value;
    onRegistered(
      { id: a.personId, fullName: `${a.firstName} ${a.lastName}`, userTypeId: a.userTypeId, image: a.photo ?? null },
      { registration: a, approvalRequired: decision.kind === 'register_pending_approval' },
    );
  }

  const err = (name: string) => (errors[name]?.[0] ? t(errors[name]![0]!) : undefined);
  return (
    <div className="gk-stack" data-testid="kiosk-new-person">
      <h2>{t('kiosk.person.title')}</h2>
      <div role="radiogroup" aria-label={t('kiosk.person.type')} className="gk-row">
        {types.map((ty) => (
          <KButton
            key={ty.id}
            role="radio"
            aria-checked={ty.id === typeId}
            variant={ty.id === typeId ? 'filled' : 'default'}
            data-testid="kiosk-type"
            onClick={() => setTypeId(ty.id)}
          >
            {ty.name}
          </KButton>
        ))}
      </div>
      {decision?.kind === 'refused' || decision?.kind === 'needs_expected_visit' ? (
        <KAlert tone="red" data-testid="kiosk-refused">
          {t('errors.registration_unavailable')}
        </KAlert>
      ) : null}
      {decision?.kind === 'register_pending_approval' ? (
        <KAlert tone="yellow">{t('kiosk.person.needsApproval')}</KAlert>
      ) : null}
      {type &&
      decision &&
      (decision.kind === 'register' ||
        decision.kind === 'register_pending_approval' ||
        decision.kind === 'no_registration') ? (
        <>
          <div className="gk-grid-2">
            {FIELDS.map((name) => (
              <KTextInput
                key={name}
                name={name}
                label={t(`kiosk.person.${name}`)}
                value={values[name] ?? ''}
                error={err(name)}
                required={name !== 'companyName'}
                inputMode={name === 'phone' ? 'tel' : name === 'email' ? 'email' : 'text'}
                maxLength={name === 'phone' ? 20 : name === 'email' ? 254 : name === 'companyName' ? 50 : 30}
                onChange={(e) => {
                  const v = name === 'phone' ? e.currentTarget.value.replace(/\D/g, '') : e.currentTarget.value;
                  setValues((s) => ({ ...s, [name]: v }));
                }}
              />
            ))}
          </div>
          <CustomFields
            fields={fields}
            sections={data.sections}
            values={custom}
            errors={Object.fromEntries(fields.map((f) => [f.id, err(`custom_fields.${f.id}`)]))}
            onChange={(id, v) => setCustom((s) => ({ ...s, [id]: v }))}
          />
          {flow?.settings.photo ? <CameraPhoto value={photo} onChange={setPhoto} /> : null}
        </>
      ) : null}
      <div className="gh-kiosk-actions">
        <KButton variant="subtle" onClick={onCancel}>
          {t('kiosk.cancel')}
        </KButton>
        <KButton
          onClick={submit}
          disabled={!type || decision?.kind === 'refused' || decision?.kind === 'needs_expected_visit'}
          data-testid="kiosk-next"
        >
          {t('kiosk.next')}
        </KButton>
      </div>
    </div>
  );
}
