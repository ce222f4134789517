/**
 * The conversation chunk's boundary: the panel reaches the feature only through this module, by
 * a dynamic import (see panel/conversation-loader.ts), so none of it is fetched before the chat
 * list shows. Importing it defines `<ocp-conversation>`.
 */
import './conversation.js';
import type { CreateConversation } from '../panel/conversation-port.js';
import { createConversation as create } from './conversation-feature.js';

export const createConversation: CreateConversation = create;
