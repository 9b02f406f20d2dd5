import { newMessage, newUserMessage, type MessageDeps } from '@parley/core/chat';
import { attachmentIdOfUrl } from '@parley/core/documents';
import type { Message } from '@parley/core/entities';
import type { ImageData } from '@parley/core/images';
import { toolResultMessages, withFunctionCall, type ToolResult } from '@parley/core/tools';
import { generatePictures, TOOL, type ImageSourceDeps } from './image-source';
import { GENERATE_IMAGE_FUNCTION } from './image-settings';

export interface ImageActionDeps extends ImageSourceDeps {
  messages: MessageDeps;
  now: () => number;
  /** Saves messages at the end of the chat's path, unanswered (the chat session's append). */
  append: (chatId: string, messages: readonly Message[]) => Promise<{ ok: boolean }>;
}

/**
 * A picture made outside an answer as the chat keeps a tool step (decision 0136): the user's words,
 * an answer calling `generate_image` with them, and the call's result with its image cards. So it
 * shows, syncs and exports like the tool's pictures, and a later answer knows it was made.
 */
export function pictureStep(
  prompt: string,
  args: Record<string, string>,
  result: ToolResult,
  durationMs: number,
  deps: MessageDeps,
): Message[] {
  const question = newUserMessage(prompt, deps);
  const callId = `call_${deps.ids.randomId()}`;
  const rawArguments = JSON.stringify(args);
  const answer = withFunctionCall(
    newMessage(
      {
        role: 'assistant',
        parentId: question.id,
        tool_calls: [
          {
            id: callId,
            type: 'function',
            function: { name: GENERATE_IMAGE_FUNCTION, arguments: rawArguments },
          },
        ],
      },
      deps,
    ),
  );
  const results = toolResultMessages(
    answer,
    [{ id: callId, name: GENERATE_IMAGE_FUNCTION, rawArguments, result, durationMs, origin: TOOL.origin }],
    deps,
  );
  return [question, answer, ...results];
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function run(
  deps: ImageActionDeps,
  chatId: string,
  prompt: string,
  args: Record<string, string>,
  images?: ImageData[],
): Promise<boolean> {
  const started = deps.now();
  const result = await generatePictures(deps, { prompt, images }, new AbortController().signal);
  const step = pictureStep(prompt.trim(), args, result, deps.now() - started, deps.messages);
  return (await deps.append(chatId, step)).ok;
}

/** "Create image" and "Edit this image" (decision 0136), through the tool's own generation. */
export function createImageActions(deps: ImageActionDeps) {
  return {
    create: (chatId: string, prompt: string) => run(deps, chatId, prompt, { prompt: prompt.trim() }),
    async edit(chatId: string, imageUrl: string, instruction: string): Promise<boolean> {
      const id = attachmentIdOfUrl(imageUrl);
      const stored = id ? await deps.store.attachments.get(id) : undefined;
      const args = { prompt: instruction.trim(), image: imageUrl };
      if (!stored || stored.attachment.deletedAt) {
        const missing: ToolResult = {
          status: 'error',
          message: 'The picture to edit is not stored on this device.',
        };
        const step = pictureStep(instruction.trim(), args, missing, 0, deps.messages);
        return (await deps.append(chatId, step)).ok;
      }
      const image = { mimeType: stored.attachment.mimeType, base64: base64Of(stored.data) };
      return run(deps, chatId, instruction, args, [image]);
    },
  };
}
