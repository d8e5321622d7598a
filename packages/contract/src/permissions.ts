import { z } from 'zod';

/** Every permission the platform knows, in the order the specification lists them. */
export const PERMISSIONS = [
  'VIEW_TRANSACTIONS',
  'MONITOR_SERVICES',
  'MANAGE_USERS',
  'MANAGE_PROCESSES',
  'VIEW_PROCESSES',
  'SUBMIT_ACTIONS',
  'FINALISE_SETTLEMENTS',
  'VIEW_ACTIONS',
  'VIEW_AUDITS',
  'APPROVE_ACTIONS',
  'RECON_ROLLBACK_FILE',
  'RECON_RELOAD_FILE',
  'RECON_SETTLEMENT',
  'DOWNLOAD_INBOX_FILES',
  'VIEW_MAPPINGS',
  'EDIT_MAPPINGS',
  'APPROVE_MAPS',
  'PUSH_MAPS',
  'VIEW_LOAD_BALANCER',
  'EDIT_LOAD_BALANCER',
  'VIEW_VOUCHERS',
  'EDIT_VOUCHERS',
] as const;

export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

/** True when every one of `required` is held. */
export function holdsAll(held: readonly string[], required: readonly Permission[]): boolean {
  return required.every((permission) => held.includes(permission));
}
