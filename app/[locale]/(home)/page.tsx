import { GRADE_GROUPS, GradeGroupProgrammes } from '@/components/home/live-programmes';

export default function HomeIndexPage() {
  return <GradeGroupProgrammes group={GRADE_GROUPS.index} />;
}
