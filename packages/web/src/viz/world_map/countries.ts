/**
 * ISO 3166-1 countries: numeric id (as `world-110m.json` names its shapes), alpha-2, alpha-3,
 * English short name, then other names analysts' data commonly uses. Covers every country the
 * bundled geometry draws plus a few small ones that data often holds.
 */
const TABLE = `
4|AF|AFG|Afghanistan
8|AL|ALB|Albania
10|AQ|ATA|Antarctica
12|DZ|DZA|Algeria
20|AD|AND|Andorra
24|AO|AGO|Angola
31|AZ|AZE|Azerbaijan
32|AR|ARG|Argentina
36|AU|AUS|Australia
40|AT|AUT|Austria
44|BS|BHS|Bahamas|The Bahamas
48|BH|BHR|Bahrain
50|BD|BGD|Bangladesh
51|AM|ARM|Armenia
52|BB|BRB|Barbados
56|BE|BEL|Belgium
64|BT|BTN|Bhutan
68|BO|BOL|Bolivia|Bolivia (Plurinational State of)
70|BA|BIH|Bosnia and Herzegovina|Bosnia-Herzegovina
72|BW|BWA|Botswana
76|BR|BRA|Brazil
84|BZ|BLZ|Belize
90|SB|SLB|Solomon Islands
96|BN|BRN|Brunei|Brunei Darussalam
100|BG|BGR|Bulgaria
104|MM|MMR|Myanmar|Burma
108|BI|BDI|Burundi
112|BY|BLR|Belarus
116|KH|KHM|Cambodia
120|CM|CMR|Cameroon
124|CA|CAN|Canada
132|CV|CPV|Cabo Verde|Cape Verde
140|CF|CAF|Central African Republic
144|LK|LKA|Sri Lanka
148|TD|TCD|Chad
152|CL|CHL|Chile
156|CN|CHN|China|People's Republic of China
158|TW|TWN|Taiwan
170|CO|COL|Colombia
174|KM|COM|Comoros
178|CG|COG|Republic of the Congo|Congo|Congo, Rep.|Congo-Brazzaville
180|CD|COD|Democratic Republic of the Congo|Congo, Dem. Rep.|DR Congo|Congo-Kinshasa
188|CR|CRI|Costa Rica
191|HR|HRV|Croatia
192|CU|CUB|Cuba
196|CY|CYP|Cyprus
203|CZ|CZE|Czechia|Czech Republic
204|BJ|BEN|Benin
208|DK|DNK|Denmark
214|DO|DOM|Dominican Republic
218|EC|ECU|Ecuador
222|SV|SLV|El Salvador
226|GQ|GNQ|Equatorial Guinea
231|ET|ETH|Ethiopia
232|ER|ERI|Eritrea
233|EE|EST|Estonia
238|FK|FLK|Falkland Islands|Falkland Islands (Malvinas)
242|FJ|FJI|Fiji
246|FI|FIN|Finland
250|FR|FRA|France
260|TF|ATF|French Southern Territories|French Southern and Antarctic Lands
262|DJ|DJI|Djibouti
266|GA|GAB|Gabon
268|GE|GEO|Georgia
270|GM|GMB|Gambia|The Gambia
275|PS|PSE|Palestine|State of Palestine|Palestine, State of|West Bank
276|DE|DEU|Germany
288|GH|GHA|Ghana
300|GR|GRC|Greece
304|GL|GRL|Greenland
308|GD|GRD|Grenada
320|GT|GTM|Guatemala
324|GN|GIN|Guinea
328|GY|GUY|Guyana
332|HT|HTI|Haiti
340|HN|HND|Honduras
344|HK|HKG|Hong Kong|Hong Kong, China
348|HU|HUN|Hungary
352|IS|ISL|Iceland
356|IN|IND|India
360|ID|IDN|Indonesia
364|IR|IRN|Iran|Iran, Islamic Republic of|Islamic Republic of Iran
368|IQ|IRQ|Iraq
372|IE|IRL|Ireland
376|IL|ISR|Israel
380|IT|ITA|Italy
384|CI|CIV|Côte d'Ivoire|Cote d'Ivoire|Ivory Coast
388|JM|JAM|Jamaica
392|JP|JPN|Japan
398|KZ|KAZ|Kazakhstan
400|JO|JOR|Jordan
404|KE|KEN|Kenya
408|KP|PRK|North Korea|Korea, Dem. People's Rep.|Democratic People's Republic of Korea|Korea, Democratic People's Republic of
410|KR|KOR|South Korea|Korea, Rep.|Republic of Korea|Korea, Republic of|Korea
414|KW|KWT|Kuwait
417|KG|KGZ|Kyrgyzstan|Kyrgyz Republic
418|LA|LAO|Laos|Lao PDR|Lao People's Democratic Republic
422|LB|LBN|Lebanon
426|LS|LSO|Lesotho
428|LV|LVA|Latvia
430|LR|LBR|Liberia
434|LY|LBY|Libya
438|LI|LIE|Liechtenstein
440|LT|LTU|Lithuania
442|LU|LUX|Luxembourg
446|MO|MAC|Macao|Macau
450|MG|MDG|Madagascar
454|MW|MWI|Malawi
458|MY|MYS|Malaysia
462|MV|MDV|Maldives
466|ML|MLI|Mali
470|MT|MLT|Malta
478|MR|MRT|Mauritania
480|MU|MUS|Mauritius
484|MX|MEX|Mexico
492|MC|MCO|Monaco
496|MN|MNG|Mongolia
498|MD|MDA|Moldova|Republic of Moldova|Moldova, Republic of
499|ME|MNE|Montenegro
504|MA|MAR|Morocco
508|MZ|MOZ|Mozambique
512|OM|OMN|Oman
516|NA|NAM|Namibia
524|NP|NPL|Nepal
528|NL|NLD|Netherlands|The Netherlands|Holland
540|NC|NCL|New Caledonia
548|VU|VUT|Vanuatu
554|NZ|NZL|New Zealand
558|NI|NIC|Nicaragua
562|NE|NER|Niger
566|NG|NGA|Nigeria
578|NO|NOR|Norway
586|PK|PAK|Pakistan
591|PA|PAN|Panama
598|PG|PNG|Papua New Guinea
600|PY|PRY|Paraguay
604|PE|PER|Peru
608|PH|PHL|Philippines
616|PL|POL|Poland
620|PT|PRT|Portugal
624|GW|GNB|Guinea-Bissau
626|TL|TLS|Timor-Leste|East Timor
630|PR|PRI|Puerto Rico
634|QA|QAT|Qatar
642|RO|ROU|Romania
643|RU|RUS|Russia|Russian Federation
646|RW|RWA|Rwanda
682|SA|SAU|Saudi Arabia
686|SN|SEN|Senegal
688|RS|SRB|Serbia
694|SL|SLE|Sierra Leone
702|SG|SGP|Singapore
703|SK|SVK|Slovakia|Slovak Republic
704|VN|VNM|Vietnam|Viet Nam
705|SI|SVN|Slovenia
706|SO|SOM|Somalia
710|ZA|ZAF|South Africa
716|ZW|ZWE|Zimbabwe
724|ES|ESP|Spain
728|SS|SSD|South Sudan
729|SD|SDN|Sudan
732|EH|ESH|Western Sahara
740|SR|SUR|Suriname
748|SZ|SWZ|Eswatini|Swaziland
752|SE|SWE|Sweden
756|CH|CHE|Switzerland
760|SY|SYR|Syria|Syrian Arab Republic
762|TJ|TJK|Tajikistan
764|TH|THA|Thailand
768|TG|TGO|Togo
780|TT|TTO|Trinidad and Tobago
784|AE|ARE|United Arab Emirates|UAE
788|TN|TUN|Tunisia
792|TR|TUR|Turkey|Türkiye|Turkiye
795|TM|TKM|Turkmenistan
800|UG|UGA|Uganda
804|UA|UKR|Ukraine
807|MK|MKD|North Macedonia|Macedonia|Republic of North Macedonia
818|EG|EGY|Egypt|Egypt, Arab Rep.
826|GB|GBR|United Kingdom|UK|Great Britain|United Kingdom of Great Britain and Northern Ireland
834|TZ|TZA|Tanzania|United Republic of Tanzania|Tanzania, United Republic of
840|US|USA|United States|United States of America|US|U.S.|U.S.A.|America
854|BF|BFA|Burkina Faso
858|UY|URY|Uruguay
860|UZ|UZB|Uzbekistan
862|VE|VEN|Venezuela|Venezuela, RB|Venezuela (Bolivarian Republic of)
887|YE|YEM|Yemen|Yemen, Rep.
894|ZM|ZMB|Zambia
`;

export interface Country {
  numeric: number;
  alpha2: string;
  alpha3: string;
  name: string;
  aliases: string[];
}

export const COUNTRIES: readonly Country[] = TABLE.trim()
  .split('\n')
  .map((line) => {
    const [numeric, alpha2, alpha3, name, ...aliases] = line.split('|');
    return {
      numeric: Number(numeric),
      alpha2: alpha2 ?? '',
      alpha3: alpha3 ?? '',
      name: name ?? '',
      aliases,
    };
  });

export type CountryFieldType = 'name' | 'cca2' | 'cca3' | 'numeric';

/** Case, accents and punctuation do not matter when matching a name. */
export function normalizeCountryName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const byNumeric = new Map(COUNTRIES.map((c) => [c.numeric, c]));
const byAlpha2 = new Map(COUNTRIES.map((c) => [c.alpha2, c]));
const byAlpha3 = new Map(COUNTRIES.map((c) => [c.alpha3, c]));
const byName = new Map(
  COUNTRIES.flatMap((c) =>
    [c.name, ...c.aliases].map((n) => [normalizeCountryName(n), c] as const),
  ),
);

export function countryByNumericId(id: number): Country | undefined {
  return byNumeric.get(id);
}

/** The country a data value names, read as the chart's "Country Field Type" says. */
export function findCountry(value: unknown, fieldType: CountryFieldType): Country | undefined {
  if (value === null || value === undefined) return undefined;
  const text = String(value).trim();
  switch (fieldType) {
    case 'cca2':
      return byAlpha2.get(text.toUpperCase());
    case 'cca3':
      return byAlpha3.get(text.toUpperCase());
    case 'numeric':
      return byNumeric.get(Number(text));
    default:
      return byName.get(normalizeCountryName(text));
  }
}
