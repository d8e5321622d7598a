import { clientStatusOf, type ClientVersion, type ConfigMap } from '@web-control/contract/config-maps';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { StatePill } from '../../../shared/ui/state-pill';
import { clientStatusKind, clientStatusText } from '../maps/client-status';

const CLIENT_COLUMNS: DataTableColumn<ClientVersion>[] = [
  { id: 'clientId', header: 'Client', rowHeader: true, noWrap: true, cell: (client) => client.clientId },
  {
    id: 'status',
    header: 'Status',
    cell: (client) => {
      const status = clientStatusOf(client);
      return <StatePill label={clientStatusText(status)} kind={clientStatusKind(status)} />;
    },
  },
  {
    id: 'clientLogTime',
    header: 'Log Time',
    noWrap: true,
    cell: (client) => (client.clientLogTime === null ? '-' : formatDateTimeSeconds(client.clientLogTime)),
  },
  { id: 'clientLogMessage', header: 'Log Message', cell: (client) => client.clientLogMessage ?? '-' },
];

/** A map's clients as its card shows them expanded, each with its status and last log line. */
export function MapClients({ map }: { map: ConfigMap }) {
  return (
    <DataTable
      columns={CLIENT_COLUMNS}
      rows={map.clientVersions}
      rowId={(client) => client.clientId}
      label={`${map.name} clients`}
      minWidth={760}
      striped
      // Ids and log times on one line each, the table scrolling sideways within its card.
      keepColumnsOnPhone
    />
  );
}
