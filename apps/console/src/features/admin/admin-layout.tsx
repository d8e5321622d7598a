import { Stack, Tabs } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ROLES_PATH, USERS_PATH } from './paths';

const TABS = [
  { value: 'users', label: 'Users', path: USERS_PATH },
  { value: 'roles', label: 'Roles', path: ROLES_PATH },
] as const;

export function AdminLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => location.pathname.startsWith(tab.path))?.value ?? 'users';
  return (
    <Stack>
      <Tabs
        value={active}
        onChange={(value) => {
          const tab = TABS.find((candidate) => candidate.value === value);
          if (tab) void navigate(tab.path);
        }}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
