import { Badge, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import type { EdgeMessage } from '@web-control/contract/transactions';
import { describeMessage, edgePreposition, formatRepeats } from './edge-messages';
import classes from './message-diagram.module.css';

interface MessageDiagramProps {
  /** In time order. */
  messages: readonly EdgeMessage[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** The name a box is read out by: what, which way, which edge and how often. */
export function messageBoxLabel(message: EdgeMessage): string {
  const repeats = message.nrRepeats > 1 ? `, ${formatRepeats(message.nrRepeats)} repeats` : '';
  return `${describeMessage(message)}${repeats}`;
}

/** RECEIVE points into the switch and SEND out of it; the inlet is left of the switch, the outlet right. */
function arrowPoints(message: EdgeMessage): 'left' | 'right' {
  const intoSwitch = message.direction === 'RECEIVE';
  return (message.edgeType === 'INLET') === intoSwitch ? 'right' : 'left';
}

function MessageRow({
  message,
  selected,
  onSelect,
}: {
  message: EdgeMessage;
  selected: boolean;
  onSelect: () => void;
}) {
  const inlet = message.edgeType === 'INLET';
  return (
    <li className={classes.row}>
      <UnstyledButton
        className={`${classes.box} ${inlet ? classes.inlet : classes.outlet}`}
        aria-pressed={selected}
        aria-label={messageBoxLabel(message)}
        onClick={onSelect}
      >
        <Text span display="block" size="sm" fw={600}>
          {message.messageDesc}
        </Text>
        {/* The visible text reads as the name does (WCAG 2.5.3). */}
        <Text span display="block" size="xs" c="dimmed">
          {edgePreposition(message)} {message.edgeName}
        </Text>
        {message.nrRepeats > 1 ? (
          <Badge size="xs" variant="light" tt="none" mt={4}>
            {formatRepeats(message.nrRepeats)} repeats
          </Badge>
        ) : null}
      </UnstyledButton>
      <span
        className={`${classes.arrow} ${inlet ? classes.inletArrow : classes.outletArrow}`}
        data-points={arrowPoints(message)}
        aria-hidden
      >
        <span className={classes.arrowLabel}>{message.direction}</span>
      </span>
    </li>
  );
}

/** A sequence diagram of the leg's edge messages; each box selects its message. */
export function MessageDiagram({ messages, selectedId, onSelect }: MessageDiagramProps) {
  return (
    <ScrollArea type="auto" offsetScrollbars="x">
      <div className={classes.diagram}>
        <div className={classes.lanes} aria-hidden>
          <span>Inlet (originator)</span>
          <span className={classes.switchLane}>Switch</span>
          <span className={classes.outletLane}>Outlet (receiver)</span>
        </div>
        <ol className={classes.rows} aria-label="Edge messages">
          {messages.map((message) => (
            <MessageRow
              key={message.id}
              message={message}
              selected={message.id === selectedId}
              onSelect={() => onSelect(message.id)}
            />
          ))}
        </ol>
      </div>
    </ScrollArea>
  );
}
