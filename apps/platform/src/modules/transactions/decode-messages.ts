import { explainIso8583, linkIso8583Exchanges } from '@web-control/contract/iso8583-explain';
import { tryUnpackIso8583, type UnpackedIso8583 } from '@web-control/contract/iso8583';
import type { Iso8583DecodedMessage } from '@web-control/contract/iso8583-message';

interface StoredMessage {
  id: string;
  edgeName: string;
  content: string;
  timeCreated: Date;
}

/**
 * Each message's ISO 8583 decoding (undefined for other formats), with requests and responses of
 * the leg linked. Decoded on every read, from the masked text that was stored.
 */
export function decodeMessages(messages: readonly StoredMessage[]): Map<string, Iso8583DecodedMessage> {
  const unpacked = messages.flatMap((message) => {
    const iso = tryUnpackIso8583(message.content);
    return iso === undefined ? [] : [{ message, iso }];
  });
  const stanOf = (iso: UnpackedIso8583) => iso.fields.find((field) => field.number === 11)?.value;
  const links = linkIso8583Exchanges(
    unpacked.map(({ message, iso }) => ({
      id: message.id,
      edgeName: message.edgeName,
      timeCreated: message.timeCreated,
      mti: iso.mti,
      stan: stanOf(iso),
    })),
  );
  return new Map(
    unpacked.map(({ message, iso }) => [
      message.id,
      {
        ...explainIso8583(iso, message.timeCreated),
        exchange: links.get(message.id) ?? { role: 'request', counterpartId: null, late: false },
      },
    ]),
  );
}
