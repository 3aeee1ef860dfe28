// The kiosk's own small set of touch controls: plain elements styled by kiosk.css. A reception
// tablet loads the kiosk without a component library (budget: the route's first
// JavaScript + CSS ≤ 170 KB gzip); every control keeps its label, role and 48 px target.
import {
  useId,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

export type Tone = 'navy' | 'red' | 'yellow' | 'blue' | 'teal' | 'gray' | 'orange';
type Variant = 'filled' | 'default' | 'light' | 'subtle' | 'outline';

const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(' ');

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  tone?: Tone;
  size?: 'lg' | 'xl';
  loading?: boolean;
}

export function KButton({
  variant = 'filled',
  tone = 'navy',
  size = 'xl',
  loading = false,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx('gk-btn', `gk-btn-${variant}`, `gk-tone-${tone}`, `gk-size-${size}`, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-variant={variant}
      {...rest}
    >
      {loading ? <span className="gk-spinner" aria-hidden="true" /> : null}
      <span className="gk-btn-label">{children}</span>
    </button>
  );
}

export function KAlert({
  tone = 'blue',
  filled = false,
  title,
  onClose,
  closeLabel,
  children,
  ...rest
}: {
  tone?: Tone;
  filled?: boolean;
  title?: ReactNode;
  onClose?: () => void;
  closeLabel?: string;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div
      role={tone === 'red' ? 'alert' : 'status'}
      className={cx('gk-alert', `gk-tone-${tone}`, filled && 'gk-alert-filled')}
      {...rest}
    >
      <div className="gk-alert-body">
        {title ? <div className="gk-alert-title">{title}</div> : null}
        {children}
      </div>
      {onClose ? <button type="button" className="gk-alert-close" aria-label={closeLabel} onClick={onClose} /> : null}
    </div>
  );
}

export function KBadge({
  tone = 'navy',
  children,
  ...rest
}: {
  tone?: Tone;
  children: ReactNode;
  'data-testid'?: string;
  'data-online'?: boolean;
  'data-synced'?: boolean;
}) {
  return (
    <span className={cx('gk-badge', `gk-tone-${tone}`)} {...rest}>
      {children}
    </span>
  );
}

interface FieldProps {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  size?: 'lg' | 'xl';
}

/** Label, hint and error around one control, tied to it by ids for screen readers. */
function Field({ label, description, error, id, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={cx('gk-field', error ? 'gk-field-error' : null)}>
      <label className="gk-label" htmlFor={id}>
        {label}
      </label>
      {description ? (
        <div className="gk-hint" id={`${id}-hint`}>
          {description}
        </div>
      ) : null}
      {children}
      {error ? (
        <div className="gk-error" id={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

function describedBy(id: string, { description, error }: FieldProps): string | undefined {
  return [description ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

export function KTextInput({
  label,
  description,
  error,
  size = 'lg',
  className,
  ...rest
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'size'>) {
  const id = useId();
  return (
    <Field id={id} label={label} description={description} error={error}>
      <input
        id={id}
        className={cx('gk-input', `gk-size-${size}`, className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, description, error })}
        {...rest}
      />
    </Field>
  );
}

export function KTextarea({
  label,
  description,
  error,
  size = 'lg',
  rows = 3,
  ...rest
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Field id={id} label={label} description={description} error={error}>
      <textarea
        id={id}
        rows={rows}
        className={cx('gk-input', 'gk-textarea', `gk-size-${size}`)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { label, description, error })}
        {...rest}
      />
    </Field>
  );
}

/** A checkbox, a radio or a switch (a checkbox with role switch), with its label as a big target. */
export function KCheck({
  kind = 'checkbox',
  label,
  ...rest
}: { kind?: 'checkbox' | 'radio' | 'switch'; label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={cx('gk-check', `gk-check-${kind}`)}>
      <input type={kind === 'radio' ? 'radio' : 'checkbox'} role={kind === 'switch' ? 'switch' : undefined} {...rest} />
      <span>{label}</span>
    </label>
  );
}

/** A labelled group of checks (checkboxes or radios). */
export function KChoiceGroup({
  label,
  radio = false,
  children,
}: {
  label: ReactNode;
  radio?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="gk-field" role={radio ? 'radiogroup' : 'group'} aria-labelledby={id}>
      <div className="gk-label" id={id}>
        {label}
      </div>
      <div className="gk-row">{children}</div>
    </div>
  );
}

export function KLoading({ label }: { label: string }) {
  return (
    <div className="gk-loading" role="status" aria-live="polite">
      <span className="gk-spinner gk-spinner-large" aria-label={label} />
    </div>
  );
}
