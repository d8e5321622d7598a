import { Anchor, Burger, Group, Text, Tooltip, ActionIcon } from '@mantine/core';
import type { RuntimeConfig } from '@web-control/contract/runtime-config';
import type { Ref } from 'react';
import { getSupportUrl } from '../../shared/runtime-config';
import { SearchButton } from '../command-palette/search-button';
import { ColorSchemeMenu } from './color-scheme-menu';
import classes from './header.module.css';

interface HeaderProps {
  config: RuntimeConfig;
  username: string | null;
  menuOpened: boolean;
  menuHidden: boolean;
  /** The phone's menu button: Escape in the open menu gives it the focus back. */
  menuToggleRef: Ref<HTMLButtonElement>;
  onToggleMenu: () => void;
  onToggleHidden: () => void;
  onOpenSearch: () => void;
}

export function firstWord(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

export function Header({
  config,
  username,
  menuOpened,
  menuHidden,
  menuToggleRef,
  onToggleMenu,
  onToggleHidden,
  onOpenSearch,
}: HeaderProps) {
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle menu"
          aria-expanded={menuOpened}
          ref={menuToggleRef}
        />
        <Tooltip label={menuHidden ? 'Show menu' : 'Hide menu'}>
          <ActionIcon
            variant="subtle"
            visibleFrom="sm"
            onClick={onToggleHidden}
            aria-label={menuHidden ? 'Show menu' : 'Hide menu'}
            aria-pressed={menuHidden}
          >
            <span aria-hidden>☰</span>
          </ActionIcon>
        </Tooltip>
        <Text fw={700} size="lg" className={classes.brand}>
          {config.clientName}
        </Text>
      </Group>
      <div className={classes.end}>
        <SearchButton onClick={onOpenSearch} />
        <ColorSchemeMenu />
        <div className={classes.links}>
          <Anchor href={getSupportUrl()} target="_blank" rel="noopener noreferrer" inherit>
            Support
          </Anchor>
          {config.userGuideUrl && username ? (
            <Anchor href={config.userGuideUrl} target="_blank" rel="noopener noreferrer" inherit>
              User Guide
            </Anchor>
          ) : null}
        </div>
        {username ? (
          <Text className={classes.user} inherit>
            logged in as <strong>{firstWord(username)}</strong>
          </Text>
        ) : null}
      </div>
    </Group>
  );
}
