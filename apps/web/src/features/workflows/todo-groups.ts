import { type TodoItem } from '@legal/api';

/** The kinds of the to-do list, as the server counts them. */
export const TODO_KINDS = ['toAssign', 'toReview', 'toApprove', 'toSign', 'returnedToMe'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/** Which count an item belongs to: the step it waits at and the caller's role there. */
export function todoKindOf(item: Pick<TodoItem, 'stepCode' | 'myRole' | 'processStatus'>): TodoKind {
  if (item.myRole === 'REQUESTER' || item.processStatus === 'RETURNED' || item.processStatus === 'RECALLED' || item.processStatus === 'REJECTED') {
    return 'returnedToMe';
  }
  switch (item.stepCode) {
    case 'ASSIGNMENT':
      return 'toAssign';
    case 'APPROVAL':
      return 'toApprove';
    case 'SIGNING':
    case 'EXECUTION':
      return 'toSign';
    default:
      return 'toReview';
  }
}

/** The items by kind (each group oldest waiting first, as the server sends them), only kinds with items. */
export function groupTodo(items: readonly TodoItem[]): Array<{ kind: TodoKind; items: TodoItem[] }> {
  const groups = new Map<TodoKind, TodoItem[]>();
  for (const item of items) {
    const kind = todoKindOf(item);
    groups.set(kind, [...(groups.get(kind) ?? []), item]);
  }
  return TODO_KINDS.filter((kind) => groups.has(kind)).map((kind) => ({ kind, items: groups.get(kind)! }));
}
