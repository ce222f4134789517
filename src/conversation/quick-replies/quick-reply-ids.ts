/** Ids in the panel's shadow root (one composer per panel): the text field refers to them. */
export const quickRepliesId = 'ocp-quick-replies';
export const quickReplyId = (index: number): string => `ocp-quick-reply-${index}`;
