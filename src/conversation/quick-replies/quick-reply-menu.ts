/**
 * The quick-reply menu, a chunk of its own: the composer loads it once the page gives quick
 * replies, so a panel without them never fetches it. Its controller, and its element defined.
 */
import './quick-replies.js';

export { QuickReplyController } from './quick-reply-controller.js';
