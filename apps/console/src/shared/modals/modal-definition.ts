import type { ComponentType } from 'react';

/** What a modal's content gets from the queue. */
export interface ModalContentProps<TParams, TResult> {
  params: TParams;
  submitting: boolean;
  /** A submission was refused as outdated (409): a second try cannot succeed (see ModalRequest). */
  outdated: boolean;
  /** Answers the caller and closes the modal. */
  answer: (result: TResult) => void;
  /**
   * Runs an asynchronous submission: the modal shows it submitting and can't be dismissed; a
   * failure stays beneath the buttons, a success answers with its result.
   */
  submit: (submission: () => Promise<TResult>) => void;
  dismiss: () => void;
}

/** A modal's content; an area's own loads in its own chunk and can be preloaded (`lazyComponent`). */
export type ModalContent<TParams, TResult> = ComponentType<ModalContentProps<TParams, TResult>> & {
  preload?: () => Promise<unknown>;
};

/**
 * A modal the owner opens through the queue with `openModal(definition, params)`. An area's own
 * modals live in the area and give a `lazyComponent`, so they load apart from the page.
 */
export interface ModalDefinition<TParams, TResult> {
  /** Names the modal (the specification's modal type). */
  type: string;
  title: (params: TParams) => string;
  Content: ModalContent<TParams, TResult>;
}
