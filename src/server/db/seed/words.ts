// Word lists the synthetic catalogue is made of: enough variety that substring searches behave as on real data.
export const BRAND_HEADS = [
  'Nor', 'Vel', 'Kra', 'Lum', 'Ast', 'Bel', 'Cor', 'Dex', 'Fal', 'Gro', 'Hal', 'Ion', 'Jor', 'Kel', 'Mar', 'Nex',
  'Orb', 'Pra', 'Quo', 'Ros', 'Sol', 'Tor', 'Ul', 'Vor', 'Wyn', 'Zen', 'Alp', 'Bri', 'Cas', 'Dra', 'Eld', 'Fen',
] as const
export const BRAND_TAILS = [
  'vik', 'tra', 'ion', 'ex', 'ora', 'ium', 'ix', 'on', 'ar', 'is', 'ta', 'ford', 'line', 'tec', 'wood', 'berg',
  'stad', 'haven', 'mark', 'lux', 'gate', 'field', 'corp', 'ware', 'tools', 'home', 'go', 'pro',
] as const

export const ORG_NAMES = [
  'Amber', 'Baltic', 'Crown', 'Delta', 'Eastern', 'Falcon', 'Global', 'Harbor', 'Iris', 'Juniper', 'Kingfisher',
  'Lotus', 'Meridian', 'Northern', 'Oak', 'Pioneer', 'Quartz', 'Rhine', 'Summit', 'Tulip', 'Union', 'Vista',
  'Western', 'Zephyr', 'Atlas', 'Beacon', 'Cedar', 'Dune', 'Ember', 'Fjord',
] as const
export const SUPPLIER_SUFFIXES = ['Trading', 'Supplies', 'Wholesale', 'Industries', 'Distribution', 'Import B.V.', 'GmbH', 'Ltd'] as const
export const SELLER_SUFFIXES = ['Shop', 'Store', 'Marketplace', 'Outlet', 'Direct', 'Online'] as const

export const CITIES = [
  'Rotterdam', 'Venlo', 'Tilburg', 'Duisburg', 'Antwerp', 'Utrecht', 'Eindhoven', 'Liège', 'Cologne', 'Lille',
  'Zwolle', 'Breda', 'Ghent', 'Dortmund', 'Arnhem', 'Groningen',
] as const

export const ADJECTIVES = [
  'Compact', 'Heavy-duty', 'Premium', 'Classic', 'Professional', 'Lightweight', 'Foldable', 'Ergonomic', 'Waterproof',
  'Adjustable', 'Rechargeable', 'Wireless', 'Stainless', 'Eco', 'Mini', 'XL', 'Deluxe', 'Basic', 'Industrial', 'Portable',
] as const
export const MATERIALS = [
  'steel', 'aluminium', 'oak', 'bamboo', 'cotton', 'wool', 'leather', 'silicone', 'glass', 'ceramic', 'plastic',
  'rubber', 'nylon', 'polyester', 'brass', 'copper', 'walnut', 'linen', '', '',
] as const
export const NOUNS = [
  'shelf bracket', 'cable tie', 'extension cord', 'desk lamp', 'office chair', 'garden hose', 'socket wrench',
  'drill bit set', 'storage box', 'water bottle', 'coffee mug', 'backpack', 'phone case', 'USB-C cable', 'HDMI cable',
  'power bank', 'LED bulb', 'screwdriver', 'hammer', 'measuring tape', 'paint brush', 'door hinge', 'cabinet handle',
  'wall plug', 'wood screw', 'kitchen knife', 'cutting board', 'frying pan', 'saucepan', 'towel', 'bath mat', 'pillow',
  'duvet cover', 'curtain', 'rug', 'picture frame', 'wall clock', 'candle', 'vase', 'plant pot', 'bicycle light',
  'bike lock', 'helmet', 'yoga mat', 'dumbbell', 'jump rope', 'tent', 'sleeping bag', 'camping stove', 'flashlight',
  'headlamp', 'battery pack', 'keyboard', 'mouse', 'monitor stand', 'laptop sleeve', 'notebook', 'ballpoint pen',
  'stapler', 'label printer', 'shipping box', 'packing tape', 'bubble wrap', 'safety gloves', 'work boots',
  'rain jacket', 't-shirt', 'hoodie', 'socks', 'beanie', 'sunglasses', 'watch strap', 'earbuds', 'speaker', 'router',
  'smart plug', 'thermostat', 'smoke detector', 'doorbell', 'tool box',
] as const
export const SPECS = [
  '250 mm', '1.5 m', '2 m', '5 m', '10 pcs', '50 pcs', '500 ml', '1 L', 'set of 4', 'A4', '12 V', '230 V', '20 W', '64 GB',
  'size M', 'size L', '',
] as const
export const COLOURS = ['black', 'white', 'grey', 'red', 'blue', 'green', 'yellow', 'navy', 'beige', 'silver', 'orange', 'pink'] as const
