/**
 * Country names, as data: ISO 3166-1 alpha-2 codes (the officially assigned ones, and XK for
 * Kosovo) with their English short names as the Unicode CLDR gives them (en locale, Node 20's ICU),
 * spelled out ("Saint", "and") because the Form 5472 instructions say not to abbreviate a country
 * name. The U.S. states (with D.C.) are listed to catch a state written where a country is asked.
 * Part of the rules table (IRS_RULES.countryNames).
 */

/** `CODE Name` entries separated by `|` (ISO 3166-1 alpha-2, CLDR English short names). */
const ISO_3166_1 = `
AD Andorra|AE United Arab Emirates|AF Afghanistan|AG Antigua and Barbuda|AI Anguilla|AL Albania
AM Armenia|AO Angola|AQ Antarctica|AR Argentina|AS American Samoa|AT Austria|AU Australia|AW Aruba
AX Åland Islands|AZ Azerbaijan|BA Bosnia and Herzegovina|BB Barbados|BD Bangladesh|BE Belgium
BF Burkina Faso|BG Bulgaria|BH Bahrain|BI Burundi|BJ Benin|BL Saint Barthélemy|BM Bermuda
BN Brunei|BO Bolivia|BQ Caribbean Netherlands|BR Brazil|BS Bahamas|BT Bhutan|BV Bouvet Island
BW Botswana|BY Belarus|BZ Belize|CA Canada|CC Cocos (Keeling) Islands
CD Congo (Democratic Republic)|CF Central African Republic|CG Congo (Republic)|CH Switzerland
CI Côte d’Ivoire|CK Cook Islands|CL Chile|CM Cameroon|CN China|CO Colombia|CR Costa Rica|CU Cuba
CV Cape Verde|CW Curaçao|CX Christmas Island|CY Cyprus|CZ Czechia|DE Germany|DJ Djibouti
DK Denmark|DM Dominica|DO Dominican Republic|DZ Algeria|EC Ecuador|EE Estonia|EG Egypt
EH Western Sahara|ER Eritrea|ES Spain|ET Ethiopia|FI Finland|FJ Fiji|FK Falkland Islands
FM Micronesia|FO Faroe Islands|FR France|GA Gabon|GB United Kingdom|GD Grenada|GE Georgia
GF French Guiana|GG Guernsey|GH Ghana|GI Gibraltar|GL Greenland|GM Gambia|GN Guinea|GP Guadeloupe
GQ Equatorial Guinea|GR Greece|GS South Georgia and South Sandwich Islands|GT Guatemala|GU Guam
GW Guinea-Bissau|GY Guyana|HK Hong Kong|HM Heard and McDonald Islands|HN Honduras|HR Croatia
HT Haiti|HU Hungary|ID Indonesia|IE Ireland|IL Israel|IM Isle of Man|IN India
IO British Indian Ocean Territory|IQ Iraq|IR Iran|IS Iceland|IT Italy|JE Jersey|JM Jamaica
JO Jordan|JP Japan|KE Kenya|KG Kyrgyzstan|KH Cambodia|KI Kiribati|KM Comoros
KN Saint Kitts and Nevis|KP North Korea|KR South Korea|KW Kuwait|KY Cayman Islands|KZ Kazakhstan
LA Laos|LB Lebanon|LC Saint Lucia|LI Liechtenstein|LK Sri Lanka|LR Liberia|LS Lesotho|LT Lithuania
LU Luxembourg|LV Latvia|LY Libya|MA Morocco|MC Monaco|MD Moldova|ME Montenegro|MF Saint Martin
MG Madagascar|MH Marshall Islands|MK North Macedonia|ML Mali|MM Myanmar|MN Mongolia|MO Macao
MP Northern Mariana Islands|MQ Martinique|MR Mauritania|MS Montserrat|MT Malta|MU Mauritius
MV Maldives|MW Malawi|MX Mexico|MY Malaysia|MZ Mozambique|NA Namibia|NC New Caledonia|NE Niger
NF Norfolk Island|NG Nigeria|NI Nicaragua|NL Netherlands|NO Norway|NP Nepal|NR Nauru|NU Niue
NZ New Zealand|OM Oman|PA Panama|PE Peru|PF French Polynesia|PG Papua New Guinea|PH Philippines
PK Pakistan|PL Poland|PM Saint Pierre and Miquelon|PN Pitcairn Islands|PR Puerto Rico|PS Palestine
PT Portugal|PW Palau|PY Paraguay|QA Qatar|RE Réunion|RO Romania|RS Serbia|RU Russia|RW Rwanda
SA Saudi Arabia|SB Solomon Islands|SC Seychelles|SD Sudan|SE Sweden|SG Singapore|SH Saint Helena
SI Slovenia|SJ Svalbard and Jan Mayen|SK Slovakia|SL Sierra Leone|SM San Marino|SN Senegal
SO Somalia|SR Suriname|SS South Sudan|ST São Tomé and Príncipe|SV El Salvador|SX Sint Maarten
SY Syria|SZ Eswatini|TC Turks and Caicos Islands|TD Chad|TF French Southern Territories|TG Togo
TH Thailand|TJ Tajikistan|TK Tokelau|TL Timor-Leste|TM Turkmenistan|TN Tunisia|TO Tonga|TR Türkiye
TT Trinidad and Tobago|TV Tuvalu|TW Taiwan|TZ Tanzania|UA Ukraine|UG Uganda
UM United States Minor Outlying Islands|US United States|UY Uruguay|UZ Uzbekistan|VA Vatican City
VC Saint Vincent and Grenadines|VE Venezuela|VG British Virgin Islands
VI United States Virgin Islands|VN Vietnam|VU Vanuatu|WF Wallis and Futuna|WS Samoa|XK Kosovo
YE Yemen|YT Mayotte|ZA South Africa|ZM Zambia|ZW Zimbabwe
`;

/** The 50 states and the District of Columbia, by USPS code. */
const US_STATES = `
AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware
DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa
KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota
MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey
NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon
PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah
VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming
`;

/** Other spellings of a country people write, mapped to the name the form prints. */
const ALIASES: Record<string, string> = {
  usa: 'United States',
  us: 'United States',
  'united states of america': 'United States',
  america: 'United States',
  uk: 'United Kingdom',
  'great britain': 'United Kingdom',
  britain: 'United Kingdom',
  england: 'United Kingdom',
  scotland: 'United Kingdom',
  wales: 'United Kingdom',
  'northern ireland': 'United Kingdom',
  uae: 'United Arab Emirates',
  turkey: 'Türkiye',
  'czech republic': 'Czechia',
  holland: 'Netherlands',
  'the netherlands': 'Netherlands',
  russia: 'Russia',
  'russian federation': 'Russia',
  korea: 'South Korea',
  'republic of korea': 'South Korea',
  'korea republic of': 'South Korea',
  'viet nam': 'Vietnam',
  burma: 'Myanmar',
  'ivory coast': 'Côte d’Ivoire',
  'cote divoire': 'Côte d’Ivoire',
  macau: 'Macao',
  'hong kong sar china': 'Hong Kong',
  'macao sar china': 'Macao',
  swaziland: 'Eswatini',
  'cape verde': 'Cape Verde',
  'cabo verde': 'Cape Verde',
  'east timor': 'Timor-Leste',
  'democratic republic of the congo': 'Congo (Democratic Republic)',
  'republic of the congo': 'Congo (Republic)',
  vatican: 'Vatican City',
  'holy see': 'Vatican City',
  macedonia: 'North Macedonia',
};

function entries(data: string): Array<[string, string]> {
  return data
    .trim()
    .split(/[|\n]/)
    .map((entry) => [entry.slice(0, 2), entry.slice(3)] as [string, string]);
}

/** Lower case, accents and punctuation dropped, "&" as "and": the form two spellings are compared in. */
function key(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

let tables:
  | { byCode: Map<string, string>; byKey: Map<string, string>; states: Map<string, string> }
  | undefined;

function lookup() {
  if (tables) return tables;
  const byCode = new Map(entries(ISO_3166_1));
  const byKey = new Map<string, string>();
  for (const name of byCode.values()) byKey.set(key(name), name);
  for (const [alias, name] of Object.entries(ALIASES)) byKey.set(key(alias), name);
  const states = new Map<string, string>();
  for (const [code, name] of entries(US_STATES)) {
    states.set(code, name);
    states.set(key(name), name);
  }
  tables = { byCode, byKey, states };
  return tables;
}

/** What a country field holds, read as a country. */
export type CountryReading = { ok: true; name: string } | { ok: false; problem: string };

/**
 * One country as the form prints it: a country name (any case or accents; a remark in parentheses
 * after it is kept, as in "United States (Delaware)") or a two-letter ISO code, turned into the
 * name. A U.S. state, a code that is also a state's (DE: Germany or Delaware) and an unknown name
 * are problems, each saying what to write instead.
 */
export function readCountry(value: string): CountryReading {
  const { byCode, byKey, states } = lookup();
  const text = value.trim();
  const remark = /^(.*?)\s*(\([^()]*\))$/.exec(text);
  const head = remark ? remark[1]! : text;
  if (/^[A-Za-z]{2}$/.test(head)) {
    const code = head.toUpperCase();
    const country = code === 'US' ? 'United States' : code === 'UK' ? 'United Kingdom' : byCode.get(code);
    const state = states.get(code);
    if (country && state && code !== 'US') {
      return {
        ok: false,
        problem: `"${head}" is both the code of ${country} and of the U.S. state ${state}: write the country's name (${country}, or United States for ${state})`,
      };
    }
    if (state) {
      return {
        ok: false,
        problem: `"${head}" is the U.S. state ${state}, not a country: write United States (a U.S. LLC's country is the United States)`,
      };
    }
    if (country) return { ok: true, name: remark ? `${country} ${remark[2]}` : country };
  }
  const name = byKey.get(key(head));
  const state = states.get(key(head));
  if (state && !name) {
    return {
      ok: false,
      problem: `"${head}" is a U.S. state, not a country: write United States (for a U.S. LLC formed in ${state}, "United States")`,
    };
  }
  if (name) return { ok: true, name: remark ? `${name} ${remark[2]}` : name };
  return {
    ok: false,
    problem: `"${head}" is not a country name this service knows: write the country's English name, not abbreviated (e.g. United States, United Kingdom, Germany)`,
  };
}

/** The countries of a field that holds one or a list (a string of names separated by commas or semicolons, or an array). */
export function countryList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((item): item is string => typeof item === 'string')
    .flatMap((item) => item.split(/[;,]/))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A country field's value as the form prints it: each known country by its name, the rest as given. */
export function printedCountries(value: unknown): string | undefined {
  const names = countryList(value).map((item) => {
    const reading = readCountry(item);
    return reading.ok ? reading.name : item;
  });
  return names.length > 0 ? names.join(', ') : undefined;
}
