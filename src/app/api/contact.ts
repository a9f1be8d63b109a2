import { chatRoutes as routes } from '../../shared/api/chat';
import type { WhatsAppContact } from '../../shared/chat/contact';
import { call } from './client';

export const contactApi = {
  /** The Chat with us link the server's WhatsApp number makes (null when it has none). */
  get: (): Promise<WhatsAppContact> => call(routes.whatsAppContact),
};
