import type { Permission } from '@web-control/contract/permissions';
import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** The permissions of every route guard on the way to a path, or undefined when no screen serves it. */
export function guardPermissions(routes: RouteObject[], path: string): Permission[] | undefined {
  const matches = matchRoutes(routes, path);
  const last = matches?.at(-1);
  if (!matches || !last || last.route.path === '*' || last.params['*']) return undefined;
  return matches.flatMap(({ route }) => {
    const props: unknown = isValidElement(route.element) ? route.element.props : undefined;
    const permissions =
      typeof props === 'object' && props !== null && 'permissions' in props ? props.permissions : undefined;
    return Array.isArray(permissions) ? (permissions as Permission[]) : [];
  });
}
