import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../paging';
import { idSchema } from '../pbx/shared';
import { normalizePhoneNumber } from '../phone-number';
import { customerMessages } from './messages';
import { normalizePostalCode, PREFECTURES } from './prefectures';

/** Customers (取引先): the record a ringing number leads to, its numbers and its call notes. */

/** What a customer's number is. */
export const NUMBER_LABELS = ['代表', '直通', '携帯', 'FAX'] as const;
export type NumberLabel = (typeof NUMBER_LABELS)[number];

export const MAX_CUSTOMER_NUMBERS = 10;
export const MAX_TAGS = 20;

/** The message of a number the normaliser does not accept. */
export const PHONE_NUMBER_INVALID = customerMessages.numberInvalid;

/** A phone number as typed; parses to its key (phone-number.ts), refusing what is no customer's number. */
export const phoneNumberSchema = z
  .string({ error: PHONE_NUMBER_INVALID })
  .max(40, PHONE_NUMBER_INVALID)
  .transform((raw, context) => {
    const key = normalizePhoneNumber(raw);
    if (key === null) {
      context.addIssue({ code: 'custom', message: PHONE_NUMBER_INVALID });
      return z.NEVER;
    }
    return key;
  });

/** Furigana: kana (either script), long-vowel mark, middle dot, spaces, Latin letters and digits. */
const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}ー・\u3000 A-Za-z0-9&.-]*$/u;

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label}は${max}文字以内で入力してください。`).default('');
const kana = (label: string) =>
  text(label, 100)
    .transform((value) => value.normalize('NFKC').replace(/\s+/g, ' '))
    .refine((value) => KANA.test(value), `${label}はカタカナかひらがなで入力してください。`);

export const customerNumberSchema = z.object({
  label: z.enum(NUMBER_LABELS, { error: '番号の種類を選んでください。' }),
  /** The number's key in the body's output and in every answer; any spelling in a request. */
  number: phoneNumberSchema,
});
export type CustomerNumber = z.output<typeof customerNumberSchema>;

/** The fields a user edits (the body of POST /v1/customer without its ids). */
export const customerFieldsSchema = z.object({
  company: text('会社名', 100),
  companyKana: kana('会社名（フリガナ）'),
  person: text('担当者名', 100),
  personKana: kana('担当者名（フリガナ）'),
  department: text('部署', 100),
  numbers: z
    .array(customerNumberSchema)
    .max(MAX_CUSTOMER_NUMBERS, `電話番号は${MAX_CUSTOMER_NUMBERS}件までです。`)
    .default([]),
  email: z
    .string()
    .trim()
    .max(254)
    .default('')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'メールアドレスの形式が正しくありません。'),
  postalCode: z
    .string()
    .trim()
    .default('')
    .transform((value, context) => {
      if (value === '') return '';
      const code = normalizePostalCode(value);
      if (code === null) {
        context.addIssue({
          code: 'custom',
          message: '郵便番号は7桁の数字で入力してください（例: 100-0001）。',
        });
        return z.NEVER;
      }
      return code;
    }),
  prefecture: z.enum(['', ...PREFECTURES], { error: '都道府県を選んでください。' }).default(''),
  address: text('住所', 200),
  /** The user in charge (a user of the tenant), or null. */
  ownerUuid: idSchema.nullable().default(null),
  tags: z
    .array(z.string().trim().min(1).max(30, 'タグは30文字以内で入力してください。'))
    .max(MAX_TAGS, `タグは${MAX_TAGS}個までです。`)
    .default([]),
  memo: text('メモ', 4000),
  /** The tenant's own fields by key (crm/layout.ts); checked against the layout by the server. */
  custom: z.record(z.string(), z.unknown()).default({}),
});

/** POST /v1/customer: a new customer (no customerUuid) or an update of the version read. */
export const customerSaveSchema = customerFieldsSchema
  .extend({
    domainUuid: idSchema,
    customerUuid: idSchema.optional(),
    /** The version the editor read; required to update (a second concurrent save is refused). */
    version: z.number().int().min(1).optional(),
  })
  .superRefine((body, context) => {
    if (body.company === '' && body.person === '') {
      context.addIssue({
        code: 'custom',
        path: ['company'],
        message: '会社名または担当者名を入力してください。',
      });
    }
    if (body.customerUuid !== undefined && body.version === undefined) {
      context.addIssue({ code: 'custom', path: ['version'], message: '更新する顧客情報の版がありません。' });
    }
    const seen = new Set<string>();
    body.numbers.forEach((n, i) => {
      if (seen.has(n.number)) {
        context.addIssue({
          code: 'custom',
          path: ['numbers', i, 'number'],
          message: '同じ電話番号が2回入力されています。',
        });
      }
      seen.add(n.number);
    });
  });
export type CustomerSave = z.input<typeof customerSaveSchema>;

/** A customer as the record shows it. */
export const customerSchema = z.object({
  customerUuid: z.string(),
  company: z.string(),
  companyKana: z.string(),
  person: z.string(),
  personKana: z.string(),
  department: z.string(),
  numbers: z.array(z.object({ label: z.enum(NUMBER_LABELS), number: z.string() })),
  email: z.string(),
  postalCode: z.string(),
  prefecture: z.string(),
  address: z.string(),
  ownerUuid: z.string().nullable(),
  /** The owner's display name ('' when none). */
  ownerName: z.string(),
  tags: z.array(z.string()),
  memo: z.string(),
  custom: z.record(z.string(), z.unknown()),
  /** Goes up by one on every save. */
  version: z.number().int(),
  /** ISO 8601. */
  updatedAt: z.string(),
  /** Who saved last (login ID). */
  updatedBy: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** The name a customer goes by: the company, with the person when both are known. */
export function customerName(customer: Pick<Customer, 'company' | 'person'>): string {
  return [customer.company, customer.person].filter((part) => part !== '').join(' ');
}

/** Columns the customer list sorts by; `kana` is 五十音順 of the furigana (the name when none). */
export const CUSTOMER_SORT_FIELDS = ['kana', 'company', 'person', 'updatedAt'] as const;

export const customerQuerySchema = pageQuerySchema(CUSTOMER_SORT_FIELDS, 'kana,asc', {
  /** Part of a name or furigana, or of any of the customer's numbers. */
  q: z.string().trim().max(100).optional(),
});
export type CustomerQuery = z.input<typeof customerQuerySchema>;

/** One row of the customer list. */
export const customerListItemSchema = customerSchema
  .pick({
    customerUuid: true,
    company: true,
    companyKana: true,
    person: true,
    personKana: true,
    department: true,
    numbers: true,
    email: true,
    ownerName: true,
    tags: true,
    updatedAt: true,
  })
  .extend({
    /** The latest call of the tenant with any of the customer's numbers (ISO 8601), or null. */
    lastCallAt: z.string().nullable(),
    /** Open recall items for the customer's numbers. */
    openRecalls: z.number(),
  });
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
export const customerPageSchema = pageSchema(customerListItemSchema);

/** Bulk delete. */
export const customerDeleteSchema = z.object({
  domainUuid: idSchema,
  customerUuids: z.array(idSchema).min(1, '削除する顧客を選んでください。').max(1000),
});

/** Postal code → the addresses under it (Japan Post's data): one code may cover several towns, and a
 * few codes two prefectures (498-0000: 愛知県弥富市 and 三重県木曽岬町). */
export const postalAddressSchema = z.object({
  postalCode: z.string(),
  addresses: z.array(z.object({ prefecture: z.enum(PREFECTURES), town: z.string() })),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;
