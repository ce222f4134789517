/**
 * The conversation feature's boundary: the panel reaches it only through this module, by a
 * dynamic import (panel/chat-data.ts), so a bundler may make it a chunk of its own. The widget's
 * build puts it in the panel chunk, as most sessions open a chat (rollup.config.mjs). Importing it
 * defines `<ocp-conversation>`.
 */
import './conversation.js';
import type { CreateConversation } from '../panel/conversation-port.js';
import { createConversation as create } from './conversation-feature.js';

export const createConversation: CreateConversation = create;
