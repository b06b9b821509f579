// The registration form's schema: the contract's rules, with the phone typed as dial code plus number.
import { normalisePhone, registrationSchema } from '@jono/contract';
import { z } from 'zod';

const rules = registrationSchema.shape;

export const registrationFormSchema = z
  .object({
    dialCode: z.string(),
    phone: z.string(),
    firstname: rules.firstname,
    lastname: rules.lastname,
    email: rules.email,
    password: rules.password,
    terms_accepted: z.boolean().refine((v) => v, 'register.termsError'),
    allow_email: z.boolean(),
    allow_sms: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const phone = rules.phone.safeParse(normalisePhone(values.phone, values.dialCode));
    if (!phone.success || values.phone.trim().length === 0) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: 'register.phoneError' });
    }
  });

export type RegistrationFormValues = z.infer<typeof registrationFormSchema>;

export function toRegistrationPayload(values: RegistrationFormValues) {
  return {
    phone: normalisePhone(values.phone, values.dialCode),
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    email: values.email.trim(),
    password: values.password,
    terms_accepted: true as const,
    allow_email: values.allow_email,
    allow_sms: values.allow_sms,
  };
}
