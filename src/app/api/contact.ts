import { WHATSAPP_CONTACT_PATH, whatsAppContact, type WhatsAppContact } from '../../shared/chat/contact';
import { apiRequest } from './client';

export const contactApi = {
  /** The Chat with us link the server's WhatsApp number makes (null when it has none). */
  get: async (): Promise<WhatsAppContact> =>
    whatsAppContact.parse(await apiRequest<unknown>(WHATSAPP_CONTACT_PATH)),
};
