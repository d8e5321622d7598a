import type { ColumnType, Generated } from 'kysely';

export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: Generated<ColumnType<Date, Date | undefined, Date>>;
}

export interface AppSettingsTables {
  app_settings: AppSettingsTable;
}
