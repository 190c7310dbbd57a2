import type { PdlPerson } from './people-data-labs';

/**
 * Public-profile fixtures of the demo community's members (infra/local/seed.ts), keyed by their
 * LinkedIn URL (`linkedin.com/in/<slug>`), in People Data Labs' person-record shape so that the local
 * provider and the production one go through the same mapping. The people are the demo's fictional
 * members: no real person's data ships with the project. A URL not listed here is 'not found'.
 */
export const DEMO_PUBLIC_PROFILES: Readonly<Record<string, PdlPerson>> = {
  'linkedin.com/in/dana-levi-kehila-demo': {
    full_name: 'dana levi',
    headline: 'Co-founder & CEO at Tamar Labs | Community builder, Tel Aviv founders',
    job_title: 'co-founder & ceo',
    job_company_name: 'tamar labs',
    job_company_size: '11-50',
    job_title_levels: ['cxo', 'owner'],
    skills: ['startups', 'fundraising', 'product management', 'community building', 'b2b sales', 'hiring'],
    linkedin_url: 'linkedin.com/in/dana-levi-kehila-demo',
    linkedin_connections: 500,
  },
  'linkedin.com/in/yossi-cohen-kehila-demo': {
    full_name: 'yossi cohen',
    headline: 'Head of Engineering at Gesher Cloud | Backend, cloud and data',
    job_title: 'head of engineering',
    job_company_name: 'gesher cloud',
    job_company_size: '51-200',
    job_title_levels: ['director'],
    skills: ['typescript', 'aws', 'node.js', 'postgresql', 'team leadership'],
    linkedin_url: 'linkedin.com/in/yossi-cohen-kehila-demo',
    linkedin_connections: 320,
  },
};
