import { TodayPage } from './today-page';

/** The Home dashboard 'Today' (/today, S3). */
export default function TodayRoute() {
  return <TodayPage />;
}
