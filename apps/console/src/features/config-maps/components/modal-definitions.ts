import type { CreateMapBody, Mapping } from '@web-control/contract/config-maps';
import type { ModalDefinition } from '../../../shared/modals/modal-definition';
import { lazyComponent } from '../../../shared/lazy-component';
// Shown at once from the value on screen (decision 0013): a few lines, not worth a chunk of its own.
import { FullValueContent } from './full-value-modal';

// The modals' content loads apart from the page: preloaded when it is idle, or when one is opened.
const CreateMapContent = lazyComponent(async () => (await import('./create-map-modal')).CreateMapContent);
const EditMappingContent = lazyComponent(
  async () => (await import('./edit-mapping-modal')).EditMappingContent,
);

export const CREATE_MAP_TITLE = 'Create Map';

export interface CreateMapParams {
  /** Creates the map; a refusal stays on the modal. */
  apply: (map: CreateMapBody) => Promise<unknown>;
}

export const createMapModal: ModalDefinition<CreateMapParams, true> = {
  type: 'config-create-map',
  title: () => CREATE_MAP_TITLE,
  Content: CreateMapContent,
};

export interface EditMappingParams {
  mapId: string;
  mapping: { key: string; value: string };
  /** A value typed elsewhere (inline) that a conflicting change refused: the modal starts with it. */
  typedValue?: string;
  /** The mapping as someone else left it, when the edit that opened this modal was refused. */
  conflict?: { current: string | null };
  /** Sends the JSON patch: test `oldValue`, replace it with `newValue`. */
  apply: (oldValue: string, newValue: string) => Promise<unknown>;
}

export const EDIT_MAPPING_TITLE = 'Edit Mapping';

export const editMappingModal: ModalDefinition<EditMappingParams, true> = {
  type: 'config-edit-mapping',
  title: () => EDIT_MAPPING_TITLE,
  Content: EditMappingContent,
};

/** The full value of a mapping, titled with its key (the approvals page's changes table). */
export const fullValueModal: ModalDefinition<{ mapping: Mapping }, undefined> = {
  type: 'config-full-value',
  title: (params) => params.mapping.key,
  Content: FullValueContent,
};
