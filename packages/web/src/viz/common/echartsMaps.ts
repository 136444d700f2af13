import { MapChart } from 'echarts/charts';
import { GeoComponent } from 'echarts/components';
import { echarts } from './echartsCore.ts';

// Map series and the geo component only load with the chart types that draw maps.
echarts.use([MapChart, GeoComponent]);

export { echarts };
