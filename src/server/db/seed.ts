import { randomBytes } from 'node:crypto';
import { COUPON_VALUE_DOLLARS, DEFAULT_HOURS } from '#shared/constants.ts';
import { createOrPromoteAdmin } from '../auth/service.ts';
import type { Db } from './client.ts';
import { businesses, challenges, users } from './schema.ts';
import { formatMoney } from '#shared/money.ts';
import { localeOf } from '#shared/languages.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Coordinates read off a map near each address (the seed uses no geocoding service). */
const demoShops = [
  {
    name: 'Honest Bean Roasters',
    description: 'Small-batch roastery with single-origin pour-overs and a sunny patio.',
    longDescription:
      '<p><strong>Honest Bean</strong> roasts every bean on site, twice a week.</p><ul><li>Single-origin pour-overs</li><li>House-made oat milk</li></ul>',
    address: '112 Clinton Ave W, Huntsville, AL 35801',
    latitude: 34.7318,
    longitude: -86.588,
    phone: '(256) 555-0101',
    website: 'honestbean.example.com',
    specialties: 'Pour-over, Espresso, Oat Milk Latte',
    translations: {
      es: {
        description: 'Tostaduría artesanal con filtrados de origen único y un patio soleado.',
        longDescription:
          '<p><strong>Honest Bean</strong> tuesta cada grano en el local, dos veces por semana.</p><ul><li>Filtrados de origen único</li><li>Leche de avena hecha en casa</li></ul>',
        specialties: 'Filtrado, Espresso, Latte con leche de avena',
      },
    },
  },
  {
    name: 'Rocket City Espresso',
    description: 'Space-themed espresso bar known for its Saturn V cold brew.',
    longDescription:
      '<p>Launch your morning with our <em>Saturn V</em> cold brew, steeped for 20 hours.</p><ol><li>Order at the counter</li><li>Pick a mug from the wall</li></ol>',
    address: '2201 Memorial Pkwy SW, Huntsville, AL 35801',
    latitude: 34.7143,
    longitude: -86.5937,
    phone: '(256) 555-0102',
    website: 'https://rocketcityespresso.example.com',
    specialties: 'Cold Brew, Cortado, Pastries',
    translations: {
      es: {
        description: 'Barra de espresso con temática espacial, famosa por su cold brew Saturn V.',
        longDescription:
          '<p>Despega tu mañana con nuestro cold brew <em>Saturn V</em>, reposado durante 20 horas.</p><ol><li>Pide en el mostrador</li><li>Elige una taza de la pared</li></ol>',
        specialties: 'Cold brew, Cortado, Repostería',
      },
    },
  },
  {
    name: 'Big Spring Coffee House',
    description: 'Cozy coffee house by the park with live music on Fridays.',
    longDescription:
      '<p>Grab a seat by the window and watch the ducks in <strong>Big Spring Park</strong>.</p><p><span style="color: #7b3f00">Live music every Friday night.</span></p>',
    address: '300 Church St SW, Huntsville, AL 35801',
    latitude: 34.727,
    longitude: -86.5902,
    phone: '(256) 555-0103',
    website: 'https://bigspringcoffee.example.com',
    specialties: 'Drip Coffee, Chai, Scones',
    translations: {
      es: {
        description: 'Acogedora cafetería junto al parque con música en vivo los viernes.',
        longDescription:
          '<p>Siéntate junto a la ventana y mira los patos de <strong>Big Spring Park</strong>.</p><p><span style="color: #7b3f00">Música en vivo todos los viernes por la noche.</span></p>',
        specialties: 'Café de filtro, Chai, Scones',
      },
    },
  },
  {
    name: 'Five Points Perk',
    description: 'Neighborhood favorite with a drive-through and friendly baristas.',
    longDescription: null,
    address: '701 Pratt Ave NE, Huntsville, AL 35801',
    latitude: 34.7404,
    longitude: -86.5767,
    phone: '(256) 555-0104',
    website: 'https://fivepointsperk.example.com',
    specialties: 'Drive-through, Iced Latte, Breakfast Sandwiches',
    translations: {
      es: {
        description: 'El favorito del barrio, con servicio para autos y baristas amables.',
        specialties: 'Servicio para autos, Latte helado, Sándwiches de desayuno',
      },
    },
  },
  {
    name: 'Lowe Mill Grind',
    description: 'Artist-run café inside the arts district, with rotating local roasters.',
    longDescription:
      '<p>Every month a <u>different local roaster</u> takes over our grinder.</p><blockquote><p>Coffee is art you can drink.</p></blockquote>',
    address: '2211 Seminole Dr SW, Huntsville, AL 35805',
    latitude: 34.7115,
    longitude: -86.6021,
    phone: '(256) 555-0105',
    website: 'https://lowemillgrind.example.com',
    specialties: 'Guest Roasters, Macchiato, Vegan Pastries',
    translations: {
      es: {
        description:
          'Café de artistas en el distrito de las artes, con tostadores locales que se turnan.',
        longDescription:
          '<p>Cada mes, un <u>tostador local distinto</u> se adueña de nuestro molino.</p><blockquote><p>El café es arte que se bebe.</p></blockquote>',
        specialties: 'Tostadores invitados, Macchiato, Repostería vegana',
      },
    },
  },
  {
    name: 'Monte Sano Mocha',
    description: 'Mountain-top café with hand-made mochas and trail snacks.',
    longDescription:
      '<p>Fuel up before the trail: our <strong>mocha</strong> uses chocolate from Birmingham.</p>',
    address: '5105 Nolen Ave SE, Huntsville, AL 35801',
    latitude: 34.7437,
    longitude: -86.5143,
    phone: '(256) 555-0106',
    website: 'https://montesanomocha.example.com',
    specialties: 'Mocha, Hot Chocolate, Trail Mix',
    translations: {
      es: {
        description:
          'Café en la cima de la montaña con mochas hechos a mano y bocadillos para el sendero.',
        longDescription:
          '<p>Recarga energía antes del sendero: nuestro <strong>mocha</strong> lleva chocolate de Birmingham.</p>',
        specialties: 'Mocha, Chocolate caliente, Mezcla de frutos secos',
      },
    },
  },
  {
    name: 'Campus Corner Café',
    description: 'Study-friendly café near campus with plenty of outlets.',
    longDescription: null,
    address: '4701 University Dr NW, Huntsville, AL 35816',
    latitude: 34.7367,
    longitude: -86.6415,
    phone: '(256) 555-0107',
    website: 'https://campuscorner.example.com',
    specialties: 'Americano, Bagels, Smoothies',
    translations: {
      es: {
        description: 'Café cerca del campus, ideal para estudiar, con enchufes de sobra.',
        specialties: 'Americano, Bagels, Licuados',
      },
    },
  },
  {
    name: 'Village of Providence Roast',
    description: 'Bright corner roastery with latte art classes on weekends.',
    longDescription:
      '<p>Join a <strong>latte art class</strong> on Saturday mornings.</p><ul><li>Beginners welcome</li><li>Milk and espresso included</li></ul>',
    address: '370 Providence Main St NW, Huntsville, AL 35806',
    latitude: 34.7615,
    longitude: -86.6908,
    phone: '(256) 555-0108',
    website: 'https://providenceroast.example.com',
    specialties: 'Latte Art, Flat White, Croissants',
    translations: {
      es: {
        description: 'Luminosa tostaduría de esquina con clases de arte latte los fines de semana.',
        longDescription:
          '<p>Únete a una <strong>clase de arte latte</strong> los sábados por la mañana.</p><ul><li>Principiantes bienvenidos</li><li>Leche y espresso incluidos</li></ul>',
        specialties: 'Arte latte, Flat white, Croissants',
      },
    },
  },
];

/** Distinct four-digit codes for the demo shops, unpredictable from one install to the next. */
function distinctCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count)
    codes.add(String(randomBytes(2).readUInt16BE() % 10000).padStart(4, '0'));
  return [...codes];
}

export interface SeedResult {
  adminUsername: string;
  adminPassword: string;
  adminEmail: string;
}

const HUNTSVILLE_TIME_ZONE = 'America/Chicago';

/**
 * Fills an empty database with a running coffee battle; returns the admin's credentials once.
 * The organizer's address is ADMIN_EMAIL or a random one: a known address would let anyone ask
 * for a reset link to it.
 */
export async function seedDemoData(
  db: Db,
  now: Date,
  options: { adminEmail?: string | undefined } = {},
): Promise<SeedResult | null> {
  const [userCount, challengeCount] = await Promise.all([db.$count(users), db.$count(challenges)]);
  if (userCount > 0 || challengeCount > 0) return null;

  const adminUsername = 'admin';
  const adminPassword = randomBytes(12).toString('base64url');
  const adminEmail =
    options.adminEmail ?? `organizer-${randomBytes(6).toString('hex')}@localbattles.invalid`;
  await createOrPromoteAdmin(db, {
    username: adminUsername,
    password: adminPassword,
    email: adminEmail,
  });

  await db.transaction(async (tx) => {
    const [coffee] = await tx
      .insert(challenges)
      .values({
        title: 'Huntsville Coffee Battles',
        description: `Visit every participating coffee shop, redeem a ${formatMoney(COUPON_VALUE_DOLLARS)} coupon at each, and vote for the best coffee in Huntsville.`,
        startDate: new Date(now.getTime() - 10 * DAY_MS),
        endDate: new Date(now.getTime() + 20 * DAY_MS),
        price: 25,
        active: true,
        theme: 'coffee',
        // The theme's name on a Spanish page ('Batalla de café'); English reads the key's words.
        translations: {
          es: {
            title: 'Batallas del Café de Huntsville',
            description: `Visita cada cafetería participante, canjea un cupón de ${formatMoney(COUPON_VALUE_DOLLARS, { locale: localeOf('es') })} en cada una y vota por el mejor café de Huntsville.`,
            themeLabel: 'café',
          },
        },
        votesPerShop: 1,
        timeZone: HUNTSVILLE_TIME_ZONE,
      })
      .returning();
    const codes = distinctCodes(demoShops.length);
    await tx.insert(businesses).values(
      demoShops.map((shop, index) => ({
        ...shop,
        challengeId: coffee!.id,
        imageUrl: `/images/shops/shop-${index + 1}.svg`,
        hours: JSON.stringify(DEFAULT_HOURS),
        position: index,
        redemptionCode: codes[index]!,
      })),
    );
    // Published and upcoming: /battles shows them as 'Coming Soon' (docs/SPEC.md section 2).
    const upcoming = { price: 25, active: true, votesPerShop: 1, timeZone: HUNTSVILLE_TIME_ZONE };
    await tx.insert(challenges).values([
      {
        ...upcoming,
        title: 'Huntsville Taco Battles',
        description: 'Coming soon: the city-wide hunt for the best taco in Huntsville.',
        startDate: new Date(now.getTime() + 40 * DAY_MS),
        endDate: new Date(now.getTime() + 70 * DAY_MS),
        theme: 'taco',
        translations: {
          es: {
            title: 'Batallas del Taco de Huntsville',
            description: 'Muy pronto: la búsqueda en toda la ciudad del mejor taco de Huntsville.',
            themeLabel: 'tacos',
          },
        },
      },
      {
        ...upcoming,
        title: 'Huntsville Ice Cream Battles',
        description: 'Coming soon: scoop by scoop, pick the sweetest shop in Huntsville.',
        startDate: new Date(now.getTime() + 80 * DAY_MS),
        endDate: new Date(now.getTime() + 110 * DAY_MS),
        theme: 'ice-cream',
        translations: {
          es: {
            title: 'Batallas del Helado de Huntsville',
            description: 'Muy pronto: bola a bola, elige el local más dulce de Huntsville.',
            themeLabel: 'helado',
          },
        },
      },
    ]);
  });
  return { adminUsername, adminPassword, adminEmail };
}
