// The demo market's campaigns: varied categories, goals and curve types, a few verified,
// one bought through to graduation. Clearly sample content (the descriptions say so).

import type { CampaignCategory } from '../../core/enums';
import type { Rgb } from './png';

export type DemoCampaign = {
  name: string;
  ticker: string;
  category: CampaignCategory;
  /** SOL. */
  goal: string;
  curveType: 1 | 2;
  /** SOL the creator buys at launch ('' for none). */
  initialBuy: string;
  description: string;
  colors: [Rgb, Rgb];
  /** Donations go to a sample verified charity (and the campaign shows as verified). */
  verified?: boolean;
  /** Demo traders buy the whole curve: the campaign graduates. */
  graduate?: boolean;
  /** SOL of demo buys after launch (a few traders). */
  buys: string[];
};

export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    name: 'Clean Water for Kisumu', ticker: 'WATER', category: 'Community', goal: '120', curveType: 1, initialBuy: '0.5',
    description: 'Sample campaign: three village wells and a year of upkeep, so families stop walking hours for water.',
    colors: [[14, 116, 144], [56, 189, 248]], verified: true, graduate: true, buys: [],
  },
  {
    name: 'Rescue Paws Shelter', ticker: 'PAWS', category: 'Animals', goal: '40', curveType: 1, initialBuy: '0.25',
    description: 'Sample campaign: vet care, food and a warm kennel for the dogs and cats our volunteers rescue each winter.',
    colors: [[180, 83, 9], [251, 191, 36]], verified: true, buys: ['1.2', '0.6', '2.5', '0.3'],
  },
  {
    name: 'Kids Code Club', ticker: 'CODE', category: 'Education', goal: '25', curveType: 1, initialBuy: '0.1',
    description: 'Sample campaign: laptops and a weekly after-school coding club for 40 children in our neighbourhood.',
    colors: [[67, 56, 202], [129, 140, 248]], buys: ['0.8', '0.4', '1.1'],
  },
  {
    name: 'Reforest the Ridge', ticker: 'TREES', category: 'Environment', goal: '300', curveType: 2, initialBuy: '1',
    description: 'Sample campaign: 10,000 native saplings planted along the burned ridge, with local crews paid fairly.',
    colors: [[21, 128, 61], [134, 239, 172]], verified: true, buys: ['3', '1.5', '4.2', '0.9', '2'],
  },
  {
    name: "Maya's Surgery Fund", ticker: 'MAYA', category: 'Medical', goal: '80', curveType: 1, initialBuy: '0.5',
    description: 'Sample campaign: helping Maya, 7, get the heart surgery she needs and her parents stay near the hospital.',
    colors: [[190, 18, 60], [251, 113, 133]], buys: ['2', '1', '0.7', '3.3'],
  },
  {
    name: 'Flood Relief Now', ticker: 'RELIEF', category: 'Emergency', goal: '500', curveType: 2, initialBuy: '2',
    description: 'Sample campaign: clean water, blankets and emergency shelter for families displaced by the river floods.',
    colors: [[30, 64, 175], [96, 165, 250]], buys: ['5', '2.5', '1.2', '6'],
  },
  {
    name: 'Community Garden Plots', ticker: 'GROW', category: 'Community', goal: '15', curveType: 1, initialBuy: '',
    description: 'Sample campaign: raised beds, tools and a water tank so 30 households can grow their own vegetables.',
    colors: [[77, 124, 15], [190, 242, 100]], buys: ['0.3', '0.2'],
  },
  {
    name: 'Youth Football League', ticker: 'GOAL', category: 'Sports', goal: '35', curveType: 1, initialBuy: '0.2',
    description: 'Sample campaign: kits, balls and pitch hire for a free youth league running every Saturday.',
    colors: [[22, 101, 52], [250, 204, 21]], buys: ['0.9', '1.4', '0.5'],
  },
  {
    name: 'Open Studio Murals', ticker: 'MURAL', category: 'Creative', goal: '20', curveType: 1, initialBuy: '0.05',
    description: 'Sample campaign: paint and scaffolding for local artists to turn five grey walls into murals.',
    colors: [[147, 51, 234], [244, 114, 182]], buys: ['0.4', '0.25'],
  },
  {
    name: 'Memorial Bench for Sam', ticker: 'SAMMY', category: 'Memorial', goal: '5', curveType: 1, initialBuy: '0.02',
    description: "Sample campaign: a bench and a tree in the park Sam loved, where friends can sit and remember.",
    colors: [[71, 85, 105], [203, 213, 225]], buys: ['0.15'],
  },
  {
    name: 'Night Shelter Beds', ticker: 'BEDS', category: 'Nonprofit', goal: '150', curveType: 2, initialBuy: '0.75',
    description: 'Sample campaign: 20 extra beds and hot meals through the coldest months at our city night shelter.',
    colors: [[15, 23, 42], [99, 102, 241]], buys: ['2.2', '1.8', '0.6'],
  },
  {
    name: 'Wheelchair for Leo', ticker: 'LEO', category: 'Family', goal: '10', curveType: 1, initialBuy: '0.1',
    description: 'Sample campaign: a lightweight sports wheelchair so Leo can join his friends on court again.',
    colors: [[8, 145, 178], [165, 243, 252]], buys: ['0.5', '0.35', '0.2'],
  },
];
