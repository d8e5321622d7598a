import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { MAPS_TEXTS } from '../constants';

/** What the sentence reads of a map (specification 3, section 3). */
export interface MapVersionTimes {
  latestSubmittedVersion: { timeSubmitted: string } | null;
  appliedVersion: { timeApproved: string } | null;
}

/**
 * "Changes submitted for approval on {date}" while the latest submission is later than the last
 * applied version, otherwise "Changes applied on {date}"; a map with neither has no sentence.
 */
export function versionSentenceOf(map: MapVersionTimes): string | null {
  const submitted = map.latestSubmittedVersion?.timeSubmitted;
  const applied = map.appliedVersion?.timeApproved;
  if (submitted !== undefined && (applied === undefined || Date.parse(submitted) > Date.parse(applied))) {
    return MAPS_TEXTS.submittedOn(formatDateTimeSeconds(submitted));
  }
  return applied === undefined ? null : MAPS_TEXTS.appliedOn(formatDateTimeSeconds(applied));
}
