/**
 * Plural forms, which @lit/localize does not have. Each counted message is four messages, one
 * per CLDR category our languages use (one, few, many, other), and Intl.PluralRules of the
 * active language picks one: Russian and Ukrainian need all four (1 and 21 "one", 2 to 4 "few",
 * 5 to 20 "many", fractions "other"), English and Turkish only one and other, Spanish adds
 * "many" for millions. Pure: the locale is an argument.
 */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
  other: string;
}

const rulesByLocale = new Map<string, Intl.PluralRules>();
const numbersByLocale = new Map<string, Intl.NumberFormat>();

export function pluralCategory(count: number, locale: string): Intl.LDMLPluralRule {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

/** The form for `count`; categories our languages lack ("zero", "two") read as "other". */
export function selectPlural(count: number, locale: string, forms: PluralForms): string {
  const category = pluralCategory(count, locale);
  return category in forms ? forms[category as keyof PluralForms] : forms.other;
}

/** A count as the language writes numbers ("1 000" in Russian, "1.000" in Spanish). */
export function formatCount(count: number, locale: string): string {
  let format = numbersByLocale.get(locale);
  if (!format) numbersByLocale.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(count);
}
