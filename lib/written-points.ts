// An objective or a syllabus shows only what an admin wrote: a new course or book starts with
// empty points (server/catalogue/admin/defaults.ts), and an empty point or part is left out.

type Points = { point1: string; point2: string; point3: string };
type SyllabusPart = Points & { title: string };

export function writtenPoints(points: Points): string[] {
  return [points.point1, points.point2, points.point3].filter((point) => point.trim() !== '');
}

/** The parts of a three-part syllabus that have a title or a point. */
export function writtenSyllabusParts<Part extends SyllabusPart>(syllabus: { free: Part; email: Part; monologues: Part }): Part[] {
  return [syllabus.free, syllabus.email, syllabus.monologues].filter((part) => part.title.trim() !== '' || writtenPoints(part).length > 0);
}
