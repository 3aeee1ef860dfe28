// One custom field of any of the eight types (spec 1 §3), as a labelled touch-sized input, in
// the visitor's language (falling back to the company's default). Values follow the spec's
// payload: checkboxes as JSON text of option values, toggles as 1 or 0, ratings as the step.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_LIMITS, DEFAULT_RATING_STEPS, parseChecked } from '../../../../domain/custom-fields';
import { CONTENT_DEFAULT_LANGUAGE, numberInputText, optionValue } from '../../../../domain/custom-field-sections';
import { contentDir, textIn, type LocalizedText } from '../../../../domain/localized-text';
import type { KioskField, KioskSection } from '../hooks/use-kiosk-data';
import { KCheck, KChoiceGroup, KTextarea, KTextInput } from './kit';
import { displayDate, parseDisplayDate } from '../../../ui/typed-date';
import { withIcon } from './field-icon';
import './custom-field-input.css';

export type FieldValue = string | number;

const SMILEYS = ['😞', '🙁', '😐', '🙂', '😄'];

function Rating({
  field,
  value,
  label,
  onChange,
}: {
  field: KioskField;
  value: string;
  label: ReactNode;
  onChange: (v: string) => void;
}) {
  const { i18n } = useTranslation();
  const steps: LocalizedText[] = field.options.length ? field.options : [...DEFAULT_RATING_STEPS];
  const chosen = steps.findIndex((s) => optionValue(s) === value);
  return (
    <KChoiceGroup label={label} radio>
      {steps.map((s, i) => {
        const glyph = field.display === 'smileys' ? SMILEYS[Math.round((i * 4) / Math.max(steps.length - 1, 1))] : '★';
        const text = textIn(s, i18n.language, CONTENT_DEFAULT_LANGUAGE);
        return (
          <KCheck
            key={optionValue(s)}
            kind="radio"
            name={field.id}
            value={optionValue(s)}
            checked={i === chosen}
            aria-label={field.options.length ? text : `${i + 1} / ${steps.length}`}
            data-testid="rating-step"
            className="gk-rating-input"
            onChange={() => onChange(optionValue(s))}
            label={
              <span
                className={`gk-rating ${field.display === 'smileys' ? 'gk-rating-smiley' : ''}`}
                data-on={field.display === 'smileys' ? i === chosen : i <= chosen}
              >
                <span aria-hidden="true" className="gk-rating-glyph">
                  {glyph}
                </span>
                {field.options.length ? <span dir={contentDir(i18n.language)}>{text}</span> : null}
              </span>
            }
          />
        );
      })}
    </KChoiceGroup>
  );
}

/**
 * A date typed as DD/MM/YYYY, in any digits (the browser's own picker shows its locale's order,
 * mm/dd/yyyy in an en-US kiosk); the value stays YYYY-MM-DD, empty while what is typed is no date.
 */
function KioskDateInput({
  common,
  label,
  value,
  onChange,
}: {
  common: { required: boolean; error?: string; 'data-field': string };
  label: ReactNode;
  value: string;
  onChange: (v: FieldValue) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(() => (value ? displayDate(value) : ''));
  const [unreadable, setUnreadable] = useState(false);
  return (
    <KTextInput
      {...common}
      label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('dateField.placeholder')}
      maxLength={10}
      value={typed}
      error={common.error ?? (unreadable ? t('personFields.validation.invalid_date') : undefined)}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        setUnreadable(false);
        onChange(parseDisplayDate(e.currentTarget.value) ?? '');
      }}
      onBlur={() => {
        const day = parseDisplayDate(typed);
        if (day) setTyped(displayDate(day));
        setUnreadable(typed.trim() !== '' && !day);
      }}
    />
  );
}

export function CustomFieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: KioskField;
  value: FieldValue | undefined;
  error?: string;
  onChange: (v: FieldValue) => void;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const name = textIn(field.name, lang, CONTENT_DEFAULT_LANGUAGE);
  const label = withIcon(name, field.icon);
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
  const common = { required: field.required, error, 'data-field': name } as const;
  switch (field.type) {
    case 'number':
      // The letter e (and anything but digits) is blocked, and the text trimmed to its maxlength (spec 1 §5).
      return (
        <KTextInput
          {...common}
          label={label}
          inputMode="numeric"
          value={text}
          maxLength={CUSTOM_FIELD_LIMITS.number}
          onKeyDown={(e) => {
            if (['e', 'E', '+', '-', '.'].includes(e.key)) e.preventDefault();
          }}
          onChange={(e) => onChange(numberInputText(e.currentTarget.value, CUSTOM_FIELD_LIMITS.number))}
        />
      );
    case 'date':
      return <KioskDateInput common={common} label={label} value={text} onChange={onChange} />;
    case 'long text':
      return (
        <KTextarea
          {...common}
          label={label}
          value={text}
          maxLength={CUSTOM_FIELD_LIMITS.longText}
          rows={3}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'toggle button':
      return (
        <KCheck
          kind="switch"
          label={label}
          checked={value === 1}
          onChange={(e) => onChange(e.currentTarget.checked ? 1 : 0)}
        />
      );
    case 'rating scale':
      return <Rating field={field} value={text} label={label} onChange={onChange} />;
    case 'checkboxes': {
      const chosen = (text ? parseChecked(text) : null) ?? [];
      return (
        <KChoiceGroup label={label}>
          {field.options.map((o) => {
            const v = optionValue(o);
            return (
              <KCheck
                key={v}
                label={textIn(o, lang, CONTENT_DEFAULT_LANGUAGE)}
                value={v}
                checked={chosen.includes(v)}
                onChange={(e) =>
                  onChange(JSON.stringify(e.currentTarget.checked ? [...chosen, v] : chosen.filter((c) => c !== v)))
                }
              />
            );
          })}
        </KChoiceGroup>
      );
    }
    case 'radio buttons':
      return (
        <KChoiceGroup label={label} radio>
          {field.options.map((o) => {
            const v = optionValue(o);
            return (
              <KCheck
                key={v}
                kind="radio"
                name={field.id}
                label={textIn(o, lang, CONTENT_DEFAULT_LANGUAGE)}
                value={v}
                checked={text === v}
                onChange={() => onChange(v)}
              />
            );
          })}
        </KChoiceGroup>
      );
    default:
      return (
        <KTextInput
          {...common}
          label={label}
          value={text}
          maxLength={CUSTOM_FIELD_LIMITS.text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

/** The flow's fields under their sections' names, in section order then field order. */
export function CustomFields({
  fields,
  sections,
  values,
  errors = {},
  onChange,
}: {
  fields: KioskField[];
  sections: KioskSection[];
  values: Record<string, FieldValue>;
  errors?: Record<string, string | undefined>;
  onChange: (id: string, v: FieldValue) => void;
}) {
  const { i18n } = useTranslation();
  if (!fields.length) return null;
  const order = (id: string) => {
    const i = sections.findIndex((s) => s.id === id);
    return i < 0 ? sections.length : i;
  };
  const groups = [...new Set(fields.map((f) => f.sectionId))].sort((a, b) => order(a) - order(b));
  return (
    <div className="gk-stack" data-testid="kiosk-custom-fields">
      {groups.map((sectionId) => {
        const section = sections.find((s) => s.id === sectionId);
        return (
          <fieldset key={sectionId} className="gk-section" data-testid="kiosk-section">
            {section ? (
              <legend className="gk-section-title">
                {withIcon(textIn(section.name, i18n.language, CONTENT_DEFAULT_LANGUAGE), section.icon)}
              </legend>
            ) : null}
            <div className="gk-stack">
              {fields
                .filter((f) => f.sectionId === sectionId)
                .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
                .map((f) => (
                  <CustomFieldInput
                    key={f.id}
                    field={f}
                    value={values[f.id]}
                    error={errors[f.id]}
                    onChange={(v) => onChange(f.id, v)}
                  />
                ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
