/**
 * The chat endpoints only an open conversation calls: read its messages and mark them read, send a message (with
 * or without an attachment), change a chat's status, delete a chat. They come with the conversation feature and go
 * through the same client (`ChatApi`): the token only in `Authorization`, only to `baseUrl`,
 * nothing sent without a usable token, and no send repeated after anything but a 429.
 */
import { ApiError } from './api-error.js';
import { chatMessagesPath } from './chat-requests.js';
import { errorFromAnswer, type ChatApi, type OutgoingAttachment, type OutgoingMessage } from './chat-api.js';
import { parseChat, type Chat } from './chat-wire.js';
import { type Message, type SentMessage } from './message-wire.js';
import { parseMessages, parseSent } from './message-wire.js';
import type { RetryOptions } from './retry-policy.js';

export async function listMessages(
  api: ChatApi,
  chatId: number,
  isChain: boolean,
  signal?: AbortSignal,
  retry?: RetryOptions,
): Promise<Message[]> {
  return parseMessages(await api.request('GET', chatMessagesPath(chatId, isChain), undefined, signal, retry));
}

export async function markMessagesRead(
  api: ChatApi,
  messageIds: readonly number[],
  signal?: AbortSignal,
): Promise<void> {
  if (messageIds.length === 0) return;
  await api.request('PUT', '/api/chat/messages/status', { status: 3, messageIds }, signal);
}

export async function sendMessage(
  api: ChatApi,
  chatId: number,
  message: OutgoingMessage,
  signal?: AbortSignal,
): Promise<SentMessage> {
  const body = {
    author: 0,
    textMessage: message.text,
    isInternal: message.isInternal,
    replyToMessageId: message.replyToMessageId,
  };
  return parseSent(await api.request('POST', `/api/chat/${chatId}/message`, body, signal));
}

/**
 * Sends a message with an attachment through the multipart form. The field names are the
 * service's exact PascalCase dotted names: any other spelling is silently dropped by it.
 */
export async function sendWithAttachment(
  api: ChatApi,
  chatId: number,
  message: OutgoingMessage,
  attachment: OutgoingAttachment,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<SentMessage> {
  const form = buildMessageForm(message, attachment);
  // A send: repeated by the client's policy after a 429 only.
  return parseSent(
    await api.retries.run(() => upload(api, `/api/chat/${chatId}/message/v2`, form, onProgress, signal), signal),
  );
}

export async function setChatStatus(
  api: ChatApi,
  chatId: number,
  status: number,
  signal?: AbortSignal,
): Promise<Chat | null> {
  const answer = await api.request('PUT', '/api/chat/status', { id: chatId, status }, signal);
  // The service returns the updated chat; tolerate an empty answer and let the caller refetch.
  return answer && typeof answer === 'object' ? parseChat(answer) : null;
}

export async function deleteChat(api: ChatApi, chatId: number, signal?: AbortSignal): Promise<void> {
  await api.request('DELETE', `/api/chat/chats/${chatId}`, undefined, signal);
}

export function buildMessageForm(message: OutgoingMessage, attachment: OutgoingAttachment): FormData {
  const form = new FormData();
  form.append('TextMessage', message.text);
  form.append('Author', '0');
  form.append('IsInternal', String(message.isInternal));
  if (message.replyToMessageId !== null) form.append('ReplyToMessageId', String(message.replyToMessageId));
  form.append('Media.File', attachment.file, attachment.name);
  form.append('Media.Name', attachment.name);
  form.append('Media.Format', attachment.format);
  form.append('Media.Type', String(attachment.mediaType));
  return form;
}

function upload(
  api: ChatApi,
  path: string,
  form: FormData,
  onProgress: ((fraction: number) => void) | undefined,
  signal?: AbortSignal,
): Promise<unknown> {
  const authorization = api.authorization();
  // XMLHttpRequest rather than fetch: it is the one that reports upload progress.
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', api.baseUrl + path);
    xhr.setRequestHeader('Authorization', authorization);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('network', 'The upload did not reach the chat API'));
    xhr.onabort = () => reject(new ApiError('aborted', 'Upload aborted'));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromAnswer(xhr.status, (name) => xhr.getResponseHeader(name), xhr.responseText));
        return;
      }
      try {
        resolve(xhr.responseText.trim() === '' ? null : (JSON.parse(xhr.responseText) as unknown));
      } catch {
        reject(new ApiError('malformed', 'Unexpected answer from the chat API: not JSON', xhr.status));
      }
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
