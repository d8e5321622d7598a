/**
 * Four-eyes by author: whoever made any change a request or review holds may not approve or
 * reject it, whoever submitted it. The platform refuses such a review with this text, and the
 * console says it where it leaves out the Approve and Reject buttons.
 */
export const OWN_CHANGES_REVIEW_MESSAGE =
  'This request includes changes you made, so another user must approve or reject it.';
