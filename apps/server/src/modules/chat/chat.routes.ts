import { type CallHandler, staffCaller } from '../../plugins/api';
import type { ChatService } from './chat.service';

export function chatRoutes(chat: ChatService) {
  const get_message_record: CallHandler<'get_message_record'> = (input, ctx) =>
    chat.buyerHistory(ctx.session, input, ctx.t);
  const set_last_time: CallHandler<'set_last_time'> = (input, ctx) =>
    chat.setLastTime(ctx.session, input, ctx.t);
  const get_count: CallHandler<'get_count'> = (input, ctx) => chat.count(ctx.session, input, ctx.t);
  const create_user_sig: CallHandler<'create_user_sig'> = (input, ctx) =>
    chat.createUserSig(ctx.session, input, ctx.t);

  const staff_list_conversations: CallHandler<'staff_list_conversations'> = (input, ctx) =>
    chat.list(input, staffCaller(ctx));
  const staff_get_messages: CallHandler<'staff_get_messages'> = (input, ctx) =>
    chat.staffMessages(input, staffCaller(ctx), ctx.website.id);
  const staff_assign_conversation: CallHandler<'staff_assign_conversation'> = (input, ctx) =>
    chat.assign(input, staffCaller(ctx));
  const staff_list_chat_staff: CallHandler<'staff_list_chat_staff'> = (_input, ctx) =>
    chat.chatStaff(staffCaller(ctx));
  const staff_mark_read: CallHandler<'staff_mark_read'> = (input, ctx) =>
    chat.markRead(input, staffCaller(ctx), ctx.website.id);
  const staff_chat_context: CallHandler<'staff_chat_context'> = (input, ctx) =>
    chat.context(input, ctx.website.info, ctx.lang, staffCaller(ctx));
  const staff_create_chat_sig: CallHandler<'staff_create_chat_sig'> = (_input, ctx) =>
    chat.staffSignature(staffCaller(ctx), ctx.website.id);

  return {
    get_message_record,
    set_last_time,
    get_count,
    create_user_sig,
    staff_list_conversations,
    staff_get_messages,
    staff_assign_conversation,
    staff_mark_read,
    staff_list_chat_staff,
    staff_chat_context,
    staff_create_chat_sig,
  };
}
