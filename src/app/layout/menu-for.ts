// The entries a user sees: the role's menu (domain visibleMenu), and for a non-Cloud package
// only the entries the guard would open (Standalone: passport, sites, company for tech-team).
import { decideRoute, type GuardUser } from '../../../domain/guards';
import { visibleMenu, type MenuItem } from '../../../domain/menu';

export function menuFor(user: GuardUser, roleName: string): MenuItem[] {
  const items = visibleMenu(user.permissions, roleName);
  if (user.package === 'Cloud') return items;
  return items.filter((item) => item.to !== undefined && decideRoute(item.to, user).kind === 'render');
}
