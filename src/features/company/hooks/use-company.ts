// The company shown on /company: loaded from GET /api/entity/{id}; every save answers the new
// company, which replaces it here and refreshes the stored user's entity (the top bar's logo
// and name follow at once, without logging in again).
import { useCallback, useEffect, useState } from 'react';
import type { PackageType } from '../../../../domain/constants';
import { api } from '../../../api/client';
import { readStoredUser, writeStoredUser } from '../../../api/session';

export interface Company {
  id: string;
  name: string;
  subdomain: string;
  logo: string | null;
  package: PackageType | null;
  plan: number;
  subscription: 'cloud' | 'standalone';
  owner_id: string | null;
  two_step: boolean;
  otp_roles: string[];
  copyright: string;
  version: number;
  api_token: { generated: boolean; generated_at: string | null };
  roles: { id: string; name: string }[];
}

function refreshStoredEntity(company: Company): void {
  const stored = readStoredUser();
  if (!stored || stored.data.user.entity.id !== company.id) return;
  const { entity } = stored.data.user;
  writeStoredUser({
    data: {
      ...stored.data,
      user: {
        ...stored.data.user,
        entity: {
          ...entity,
          name: company.name,
          subdomain: company.subdomain,
          logo: company.logo,
          package: company.package,
          plan: company.plan,
          subscription: company.subscription,
          otp_roles: company.otp_roles,
        },
      },
    },
  });
}

export function useCompany(id: string) {
  const [company, setCompany] = useState<Company | null>(null);
  const [failed, setFailed] = useState(false);
  // No answer at all (offline): the page shows the device's copy, not "could not be loaded".
  const [unreachable, setUnreachable] = useState(false);

  const reload = useCallback(async () => {
    const res = await api.get<{ data: Company }>(`/entity/${id}`);
    setUnreachable(!res.ok && res.status === 0);
    if (res.ok) {
      setCompany(res.data.data);
      setFailed(false);
    } else setFailed(true);
  }, [id]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const saved = useCallback((next: Company) => {
    setCompany(next);
    refreshStoredEntity(next);
  }, []);

  return { company, failed, unreachable, reload, saved };
}
