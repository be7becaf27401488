// POST /api/qna (bearer): a support request (spec section 3). board_title is the chosen contact
// option's value (general, technical, billing, other), not its label.
import { z } from 'zod';
import { LIMITS } from '../catalog.ts';
import { zNonBlank, zOneOf } from '../common.ts';
import { SUPPORT_OPTIONS, type SupportOption } from '../options.ts';

export const SUPPORT_OPTION_VALUES = SUPPORT_OPTIONS.map((option) => option.value) as [
  SupportOption,
  ...SupportOption[],
];
export const QNA_BOARD_CD = 'QNA';

export const ZCreateQnaRequest = z
  .object({
    board_cd: z.literal(QNA_BOARD_CD, { error: `board_cd must be '${QNA_BOARD_CD}'` }),
    board_title: zOneOf('board_title', SUPPORT_OPTION_VALUES),
    contents: zNonBlank('contents', LIMITS.qnaContentsMaxLength),
  })
  .meta({
    // An example for the API document (docs/api.md); examples.test.ts parses it with this schema.
    example: { board_cd: 'QNA', board_title: 'billing', contents: 'My coin pack has not arrived yet.' },
  });
export type TCreateQnaRequest = z.input<typeof ZCreateQnaRequest>;
export type TCreateQnaRequestParsed = z.output<typeof ZCreateQnaRequest>;

/** The spec's entity name for the same body. */
export const ZSupportRequest = ZCreateQnaRequest;
export type TSupportRequest = TCreateQnaRequest;

export const ZCreateQnaResponse = z.object({
  status: z.literal('ok'),
  message: z.string().optional(),
});
export type TCreateQnaResponse = z.infer<typeof ZCreateQnaResponse>;
