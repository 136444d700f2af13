-- saved and simple metrics by country
SELECT `country` AS `country`, (COUNT(*)) AS `count`, SUM(`num`) AS `SUM(num)`, AVG(`price`) AS `avg_price`
FROM `sales`
GROUP BY `country`
ORDER BY `country` ASC
LIMIT 10000;

-- count distinct, min, max and a SQL metric
SELECT COUNT(DISTINCT `product`) AS `COUNT_DISTINCT(product)`, MIN(`num`) AS `MIN(num)`, MAX(`price`) AS `MAX(price)`, (SUM(num * price)) AS `revenue_sql`
FROM `sales`
ORDER BY `COUNT_DISTINCT(product)` DESC
LIMIT 10000;

-- monthly x-axis
SELECT DATE(DATE_SUB(`ds`, INTERVAL DAYOFMONTH(`ds`) - 1 DAY)) AS `ds`, (SUM(num)) AS `sum_num`
FROM `sales`
GROUP BY DATE(DATE_SUB(`ds`, INTERVAL DAYOFMONTH(`ds`) - 1 DAY))
ORDER BY `ds` ASC
LIMIT 10000;

-- weekly x-axis
SELECT DATE(DATE_SUB(`ds`, INTERVAL WEEKDAY(`ds`) DAY)) AS `ds`, (COUNT(*)) AS `count`
FROM `sales`
GROUP BY DATE(DATE_SUB(`ds`, INTERVAL WEEKDAY(`ds`) DAY))
ORDER BY `ds` ASC
LIMIT 10000;

-- yearly x-axis
SELECT DATE(DATE_SUB(`ds`, INTERVAL DAYOFYEAR(`ds`) - 1 DAY)) AS `ds`, (COUNT(*)) AS `count`
FROM `sales`
GROUP BY DATE(DATE_SUB(`ds`, INTERVAL DAYOFYEAR(`ds`) - 1 DAY))
ORDER BY `ds` ASC
LIMIT 10000;

-- daily x-axis by default
SELECT DATE(`ds`) AS `ds`, (COUNT(*)) AS `count`
FROM `sales`
GROUP BY DATE(`ds`)
ORDER BY `ds` ASC
LIMIT 10000;

-- quarterly x-axis from extras
SELECT MAKEDATE(YEAR(`ds`), 1) + INTERVAL QUARTER(`ds`) QUARTER - INTERVAL 1 QUARTER AS `ds`, (SUM(num)) AS `sum_num`
FROM `sales`
GROUP BY MAKEDATE(YEAR(`ds`), 1) + INTERVAL QUARTER(`ds`) QUARTER - INTERVAL 1 QUARTER
ORDER BY `ds` ASC
LIMIT 10000;

-- filter ==
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `country` = 'FR'
ORDER BY `num` ASC
LIMIT 10000;

-- filter !=
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `country` != 'FR'
ORDER BY `num` ASC
LIMIT 10000;

-- filter >
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `num` > 7
ORDER BY `num` ASC
LIMIT 10000;

-- filter <
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `price` < 2
ORDER BY `num` ASC
LIMIT 10000;

-- filter >=
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `num` >= 12
ORDER BY `num` ASC
LIMIT 10000;

-- filter <=
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `num` <= 3
ORDER BY `num` ASC
LIMIT 10000;

-- filter LIKE
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `product` LIKE 'p%'
ORDER BY `num` ASC
LIMIT 10000;

-- filter NOT LIKE
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `product` NOT LIKE 'p%'
ORDER BY `num` ASC
LIMIT 10000;

-- filter ILIKE
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE LOWER(`note`) LIKE LOWER('%APPLE%')
ORDER BY `num` ASC
LIMIT 10000;

-- filter IS NULL
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `note` IS NULL
ORDER BY `num` ASC
LIMIT 10000;

-- filter IS NOT NULL
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `note` IS NOT NULL
ORDER BY `num` ASC
LIMIT 10000;

-- filter IN
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `country` IN ('DE', 'IT')
ORDER BY `num` ASC
LIMIT 10000;

-- filter NOT IN
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `country` NOT IN ('DE', 'IT', 'US')
ORDER BY `num` ASC
LIMIT 10000;

-- filter IN with a null
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE (`note` IN ('a') OR `note` IS NULL)
ORDER BY `num` ASC
LIMIT 10000;

-- filter IS TRUE
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `is_promo` IS TRUE
ORDER BY `num` ASC
LIMIT 10000;

-- filter IS FALSE
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `is_promo` IS FALSE
ORDER BY `num` ASC
LIMIT 10000;

-- filter == with a quote
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `note` = 'O''Brien'
ORDER BY `num` ASC
LIMIT 10000;

-- filter TEMPORAL_RANGE
SELECT `ds` AS `ds`, `country` AS `country`, `num` AS `num`
FROM `sales`
WHERE `ds` >= CAST('2024-01-02 00:00:00' AS DATETIME(3)) AND `ds` < CAST('2024-02-14 18:20:00' AS DATETIME(3))
ORDER BY `num` ASC
LIMIT 10000;

-- filter on a column the dataset lacks is rejected
SELECT `country` AS `country`, (COUNT(*)) AS `count`
FROM `sales`
GROUP BY `country`
ORDER BY `country` ASC
LIMIT 10000;

-- extras.where
SELECT `product` AS `product`, (SUM(num)) AS `sum_num`
FROM `sales`
WHERE (product <> 'apple')
GROUP BY `product`
ORDER BY `product` ASC
LIMIT 10000;

-- having
SELECT `country` AS `country`, (SUM(num)) AS `sum_num`
FROM `sales`
GROUP BY `country`
HAVING (SUM(num) > 20)
ORDER BY `sum_num` DESC
LIMIT 10000;

-- series limit
SELECT DATE(DATE_SUB(`ds`, INTERVAL DAYOFMONTH(`ds`) - 1 DAY)) AS `ds`, `country` AS `country`, (SUM(num)) AS `sum_num`
FROM `sales`
JOIN (SELECT `country` AS `__series_0` FROM `sales` GROUP BY `country` ORDER BY (SUM(num)) DESC LIMIT 2) AS series_limit ON `country` = series_limit.`__series_0`
GROUP BY DATE(DATE_SUB(`ds`, INTERVAL DAYOFMONTH(`ds`) - 1 DAY)), `country`
ORDER BY `ds` ASC, `country` ASC
LIMIT 10000;

-- series limit by another metric, ascending
SELECT `country` AS `country`, (COUNT(*)) AS `count`
FROM `sales`
JOIN (SELECT `country` AS `__series_0` FROM `sales` GROUP BY `country` ORDER BY (SUM(num)) ASC LIMIT 2) AS series_limit ON `country` = series_limit.`__series_0`
GROUP BY `country`
ORDER BY `country` ASC
LIMIT 10000;

-- order by a metric not selected, limit and offset
SELECT `country` AS `country`, (COUNT(*)) AS `count`
FROM `sales`
GROUP BY `country`
ORDER BY MAX(`num`) DESC
LIMIT 2
OFFSET 1;

-- calculated column
SELECT `product` AS `product`, SUM((num * price)) AS `rev`
FROM `sales`
GROUP BY `product`
ORDER BY `product` ASC
LIMIT 10000;

-- adhoc SQL column
SELECT (CASE WHEN num > 5 THEN 'big' ELSE 'small' END) AS `size`, (COUNT(*)) AS `count`
FROM `sales`
GROUP BY (CASE WHEN num > 5 THEN 'big' ELSE 'small' END)
ORDER BY `size` ASC
LIMIT 10000;

-- row count
SELECT COUNT(*) AS `rowcount` FROM (SELECT `country` AS `country`, (COUNT(*)) AS `count`
FROM `sales`
GROUP BY `country`) AS rowcount_qry;

-- legacy time range on the granularity column
SELECT `country` AS `country`, (COUNT(*)) AS `count`
FROM `sales`
WHERE `ds` >= CAST('2024-01-01 00:00:00' AS DATETIME(3)) AND `ds` < CAST('2024-01-31 00:00:00' AS DATETIME(3))
GROUP BY `country`
ORDER BY `country` ASC
LIMIT 10000;

-- virtual dataset with a template, RLS and a capped row limit
SELECT `country` AS `country`, (COUNT(*)) AS `count`
FROM (
SELECT * FROM sales WHERE product <> 'plum'
) AS virtual_table
WHERE (country IN ('FR', 'DE')) AND ((num > 1) OR (num IS NULL))
GROUP BY `country`
ORDER BY `count` DESC
LIMIT 5;
