import { z } from 'zod';

/** Where the app asks for the header's Chat with us link (served by the WhatsApp channel). */
export const WHATSAPP_CONTACT_PATH = '/channels/whatsapp/contact';

/**
 * The answer: `https://wa.me/<WHATSAPP_DISPLAY_NUMBER>`, or null when the server has no WhatsApp
 * number (the header then shows no Chat with us). Parsed by the app, never cast.
 */
export const whatsAppContact = z.object({ chatUrl: z.url({ protocol: /^https$/ }).nullable() });
export type WhatsAppContact = z.infer<typeof whatsAppContact>;

/** The wa.me address of a number written in international form (digits only). */
export const waMeUrl = (number: string): string => `https://wa.me/${number.replace(/\D/g, '')}`;
