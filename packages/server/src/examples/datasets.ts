/**
 * The example tables: which file of the `vega-datasets` package each comes from and the SELECT
 * that gives it typed, snake_case columns. Types are spelt out rather than sniffed so a new
 * release of the package cannot silently turn a date into text or an integer into a double.
 * `{src}` in `select` is replaced by the quoted absolute path of `file`.
 */
export interface ExampleDataset {
  table: string;
  file: string;
  description: string;
  select: string;
}

/** Bump when a definition below changes: a different version makes the next start rebuild. */
export const EXAMPLES_FORMAT_VERSION = 1;

export const EXAMPLE_DATASETS: ExampleDataset[] = [
  {
    table: 'flights',
    file: 'flights-3m.parquet',
    description:
      'Three million US domestic flights of 2001 with departure time, delay (minutes) and distance (miles).',
    select: `SELECT CAST("date" AS TIMESTAMP) AS "date", CAST(delay AS INTEGER) AS delay,
      CAST(distance AS INTEGER) AS distance, origin, destination
      FROM read_parquet({src})`,
  },
  {
    table: 'gapminder',
    file: 'gapminder.json',
    description:
      'Population, life expectancy and fertility by country, every five years from 1955.',
    select: `SELECT "year", country, cluster, pop, life_expect, fertility
      FROM read_json({src}, columns = {year: 'INTEGER', country: 'VARCHAR', cluster: 'INTEGER',
        pop: 'BIGINT', life_expect: 'DOUBLE', fertility: 'DOUBLE'})`,
  },
  {
    table: 'cars',
    file: 'cars.json',
    description: 'Cars of 1970-1982: fuel economy, engine and origin.',
    select: `SELECT "Name" AS name, "Miles_per_Gallon" AS miles_per_gallon, "Cylinders" AS cylinders,
      "Displacement" AS displacement, "Horsepower" AS horsepower, "Weight_in_lbs" AS weight_in_lbs,
      "Acceleration" AS acceleration, "Year" AS "year", "Origin" AS origin
      FROM read_json({src}, columns = {Name: 'VARCHAR', Miles_per_Gallon: 'DOUBLE',
        Cylinders: 'INTEGER', Displacement: 'DOUBLE', Horsepower: 'INTEGER',
        Weight_in_lbs: 'INTEGER', Acceleration: 'DOUBLE', Year: 'DATE', Origin: 'VARCHAR'})`,
  },
  {
    table: 'seattle_weather',
    file: 'seattle-weather.csv',
    description: 'Daily weather in Seattle, 2012-2015.',
    select: `SELECT * FROM read_csv({src}, header = true, columns = {date: 'DATE',
      precipitation: 'DOUBLE', temp_max: 'DOUBLE', temp_min: 'DOUBLE', wind: 'DOUBLE',
      weather: 'VARCHAR'})`,
  },
  {
    table: 'stocks',
    file: 'stocks.csv',
    description: 'Monthly closing prices of five technology stocks, 2000-2010.',
    // The file writes dates as 'Jan 1 2000'.
    select: `SELECT symbol, CAST(strptime("date", '%b %d %Y') AS DATE) AS "date", price
      FROM read_csv({src}, header = true, columns = {symbol: 'VARCHAR', date: 'VARCHAR',
        price: 'DOUBLE'})`,
  },
  {
    table: 'airports',
    file: 'airports.csv',
    description: 'US airports with their IATA code and location.',
    select: `SELECT * FROM read_csv({src}, header = true, columns = {iata: 'VARCHAR',
      name: 'VARCHAR', city: 'VARCHAR', state: 'VARCHAR', country: 'VARCHAR',
      latitude: 'DOUBLE', longitude: 'DOUBLE'})`,
  },
  {
    table: 'unemployment_across_industries',
    file: 'unemployment-across-industries.json',
    description:
      'Monthly US unemployment by industry, 2000-2010 (count in thousands, rate in percent).',
    // The file's `date` is local midnight written in UTC (08:00Z); year and month are exact.
    select: `SELECT series, "year", "month", "count", rate, make_date("year", "month", 1) AS "date"
      FROM read_json({src}, columns = {series: 'VARCHAR', year: 'INTEGER', month: 'INTEGER',
        count: 'INTEGER', rate: 'DOUBLE', date: 'VARCHAR'})`,
  },
  {
    table: 'population',
    file: 'population.json',
    description:
      'US population by census year, five-year age group and sex (1 male, 2 female), 1850-2000.',
    select: `SELECT * FROM read_json({src}, columns = {year: 'INTEGER', age: 'INTEGER',
      sex: 'INTEGER', people: 'INTEGER'})`,
  },
  {
    table: 'movies',
    file: 'movies.json',
    description: 'Films with box-office takings, budgets, ratings and release dates.',
    // Titles such as "1776" are JSON numbers in the file, hence the explicit VARCHAR.
    select: `SELECT "Title" AS title, "US Gross" AS us_gross, "Worldwide Gross" AS worldwide_gross,
      "US DVD Sales" AS us_dvd_sales, "Production Budget" AS production_budget,
      CAST(strptime("Release Date", '%b %d %Y') AS DATE) AS release_date,
      "MPAA Rating" AS mpaa_rating, "Running Time min" AS running_time_min,
      "Distributor" AS distributor, "Source" AS source, "Major Genre" AS major_genre,
      "Creative Type" AS creative_type, "Director" AS director,
      "Rotten Tomatoes Rating" AS rotten_tomatoes_rating, "IMDB Rating" AS imdb_rating,
      "IMDB Votes" AS imdb_votes
      FROM read_json({src}, columns = {"Title": 'VARCHAR', "US Gross": 'BIGINT',
        "Worldwide Gross": 'BIGINT', "US DVD Sales": 'BIGINT', "Production Budget": 'BIGINT',
        "Release Date": 'VARCHAR', "MPAA Rating": 'VARCHAR', "Running Time min": 'INTEGER',
        "Distributor": 'VARCHAR', "Source": 'VARCHAR', "Major Genre": 'VARCHAR',
        "Creative Type": 'VARCHAR', "Director": 'VARCHAR', "Rotten Tomatoes Rating": 'INTEGER',
        "IMDB Rating": 'DOUBLE', "IMDB Votes": 'INTEGER'})`,
  },
  {
    table: 'iowa_electricity',
    file: 'iowa-electricity.csv',
    description: 'Net electricity generation in Iowa by source and year (thousand MWh).',
    select: `SELECT * FROM read_csv({src}, header = true, columns = {year: 'DATE',
      source: 'VARCHAR', net_generation: 'INTEGER'})`,
  },
  {
    table: 'disasters',
    file: 'disasters.csv',
    description: 'Deaths from natural disasters by kind and year, 1900-2017.',
    select: `SELECT "Entity" AS entity, "Year" AS "year", "Deaths" AS deaths
      FROM read_csv({src}, header = true, columns = {Entity: 'VARCHAR', Year: 'INTEGER',
        Deaths: 'INTEGER'})`,
  },
  {
    table: 'income',
    file: 'income.json',
    description: 'Share of households by income bracket in each US state.',
    // `group` is an SQL keyword; renamed so queries need no quoting.
    select: `SELECT name, region, id, pct, total, "group" AS income_group
      FROM read_json({src}, columns = {name: 'VARCHAR', region: 'VARCHAR', id: 'INTEGER',
        pct: 'DOUBLE', total: 'INTEGER', "group": 'VARCHAR'})`,
  },
  {
    table: 'penguins',
    file: 'penguins.json',
    description: 'Palmer Archipelago penguins: species, island and body measurements.',
    // One bird's sex is recorded as '.', which means unknown.
    select: `SELECT "Species" AS species, "Island" AS island, "Beak Length (mm)" AS beak_length_mm,
      "Beak Depth (mm)" AS beak_depth_mm, "Flipper Length (mm)" AS flipper_length_mm,
      "Body Mass (g)" AS body_mass_g, NULLIF("Sex", '.') AS sex
      FROM read_json({src}, columns = {"Species": 'VARCHAR', "Island": 'VARCHAR',
        "Beak Length (mm)": 'DOUBLE', "Beak Depth (mm)": 'DOUBLE',
        "Flipper Length (mm)": 'INTEGER', "Body Mass (g)": 'INTEGER', "Sex": 'VARCHAR'})`,
  },
  {
    table: 'barley',
    file: 'barley.json',
    description: 'Barley yields by variety and site in Minnesota, 1931-1932.',
    select: `SELECT "yield", variety, "year", site FROM read_json({src}, columns = {yield: 'DOUBLE',
      variety: 'VARCHAR', year: 'INTEGER', site: 'VARCHAR'})`,
  },
  {
    table: 'weather',
    file: 'weather.csv',
    description: 'Daily weather in Seattle and New York, 2012-2015.',
    select: `SELECT * FROM read_csv({src}, header = true, columns = {location: 'VARCHAR',
      date: 'DATE', precipitation: 'DOUBLE', temp_max: 'DOUBLE', temp_min: 'DOUBLE',
      wind: 'DOUBLE', weather: 'VARCHAR'})`,
  },
  {
    table: 'birdstrikes',
    file: 'birdstrikes.csv',
    description: 'Aircraft wildlife strikes reported to the FAA, with damage and cost.',
    select: `SELECT "Airport Name" AS airport_name, "Aircraft Make Model" AS aircraft_make_model,
      "Effect Amount of damage" AS effect_amount_of_damage, "Flight Date" AS flight_date,
      "Aircraft Airline Operator" AS aircraft_airline_operator, "Origin State" AS origin_state,
      "Phase of flight" AS phase_of_flight, "Wildlife Size" AS wildlife_size,
      "Wildlife Species" AS wildlife_species, "Time of day" AS time_of_day,
      "Cost Other" AS cost_other, "Cost Repair" AS cost_repair, "Cost Total $" AS cost_total,
      "Speed IAS in knots" AS speed_ias_in_knots
      FROM read_csv({src}, header = true, columns = {"Airport Name": 'VARCHAR',
        "Aircraft Make Model": 'VARCHAR', "Effect Amount of damage": 'VARCHAR',
        "Flight Date": 'DATE', "Aircraft Airline Operator": 'VARCHAR', "Origin State": 'VARCHAR',
        "Phase of flight": 'VARCHAR', "Wildlife Size": 'VARCHAR', "Wildlife Species": 'VARCHAR',
        "Time of day": 'VARCHAR', "Cost Other": 'INTEGER', "Cost Repair": 'INTEGER',
        "Cost Total $": 'INTEGER', "Speed IAS in knots": 'INTEGER'})`,
  },
  {
    table: 'sp500',
    file: 'sp500.csv',
    description: 'Monthly closing value of the S&P 500 index, 2000-2010.',
    select: `SELECT CAST(strptime("date", '%b %d %Y') AS DATE) AS "date", price
      FROM read_csv({src}, header = true, columns = {date: 'VARCHAR', price: 'DOUBLE'})`,
  },
  {
    table: 'co2_concentration',
    file: 'co2-concentration.csv',
    description: 'Monthly atmospheric CO2 at Mauna Loa (ppm), raw and seasonally adjusted.',
    select: `SELECT "Date" AS "date", "CO2" AS co2, "adjusted CO2" AS adjusted_co2
      FROM read_csv({src}, header = true, columns = {"Date": 'DATE', "CO2": 'DOUBLE',
        "adjusted CO2": 'DOUBLE'})`,
  },
  {
    table: 'jobs',
    file: 'jobs.json',
    description: 'US workers by occupation, sex and census year, 1850-2000.',
    select: `SELECT * FROM read_json({src}, columns = {job: 'VARCHAR', sex: 'VARCHAR',
      year: 'INTEGER', count: 'INTEGER', perc: 'DOUBLE'})`,
  },
];
