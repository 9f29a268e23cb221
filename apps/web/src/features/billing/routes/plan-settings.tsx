import { Card } from '../../../components/ui/card';
import { PlanSection } from '../components/plan-section';

/** Settings → Plan: the member's plan, when it renews or ends, and "Cancel plan". */
export function PlanSettingsSection() {
  return (
    <Card as="section" padding="lg" aria-labelledby="settings-plan-title">
      <h2 id="settings-plan-title">Plan</h2>
      <PlanSection />
    </Card>
  );
}
