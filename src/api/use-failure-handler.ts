// Applies a failed call's UI effect: navigate, leave for the passport, alert, or toast.
// Offline and timeout are returned untouched so the calling screen can say so in place.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { PASSPORT_ROOT, uiEffectOf, type Failure, type UiEffect } from './http-effects';

export function useFailureHandler(): (failure: Failure) => UiEffect {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { t } = useTranslation();

  return useCallback(
    (failure: Failure) => {
      const effect = uiEffectOf(failure, pathname);
      switch (effect.kind) {
        case 'navigate':
          navigate(effect.to);
          break;
        case 'leave':
          window.location.assign(PASSPORT_ROOT);
          break;
        case 'alert':
          window.alert(t(`errors.${effect.code}`));
          break;
        case 'toast':
          notifications.show({ color: 'red', message: effect.message ?? t(`errors.${effect.code ?? 'generic'}`) });
          break;
        default:
          break;
      }
      return effect;
    },
    [navigate, pathname, t],
  );
}
