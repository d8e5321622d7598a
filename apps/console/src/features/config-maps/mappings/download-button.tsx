import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import {
  DEFAULT_DOWNLOAD_FORMAT,
  DOWNLOAD_FORMATS,
  type DownloadFormat,
} from '@web-control/contract/config-maps';
import { MAPPINGS_TEXTS } from '../constants';

interface DownloadButtonProps {
  downloading: boolean;
  /** Nothing to download as filtered (a prefix the platform would refuse). */
  disabled?: boolean;
  onDownload: (format: DownloadFormat) => void;
}

/** Download gives the default format, CSV (section 5); the menu beside it offers each format. */
export function DownloadButton({ downloading, disabled = false, onDownload }: DownloadButtonProps) {
  return (
    <Group gap={0} wrap="nowrap">
      <Button
        variant="default"
        loading={downloading}
        disabled={disabled}
        onClick={() => onDownload(DEFAULT_DOWNLOAD_FORMAT)}
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
      >
        {MAPPINGS_TEXTS.download}
      </Button>
      <Menu position="bottom-end" returnFocus>
        <Menu.Target>
          <ActionIcon
            variant="default"
            size="input-sm"
            aria-label={MAPPINGS_TEXTS.downloadFormat}
            disabled={downloading || disabled}
            style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 0 }}
          >
            <span aria-hidden>▼</span>
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {DOWNLOAD_FORMATS.map((format) => (
            <Menu.Item key={format} onClick={() => onDownload(format)}>
              {MAPPINGS_TEXTS.downloadAs(format)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
