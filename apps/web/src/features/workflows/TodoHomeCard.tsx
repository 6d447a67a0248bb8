import { Anchor, Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDateTime } from '../../lib/i18n';
import { CardList, CardRow, HomeCard } from '../workspaces/home/HomeCard';
import { useWorkflowLabels } from './workflow-labels';
import { useHomeTodo } from './workflow-queries';
import { contractPath, workflowsPath } from './workflows-path';
import './workflows-i18n';

/** How many waiting items the home shows; the to-do page has them all. */
const SHOWN = 5;

/** The workspace home's "my to-dos": what waits on the caller, oldest first, overdue marked. */
export function TodoHomeCard({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('workspaces');
  const { t: tw } = useTranslation('workflows');
  const labels = useWorkflowLabels();
  const formatDateTime = useFormatDateTime();
  const query = useHomeTodo();
  return (
    <HomeCard
      testId="home-todo"
      title={t('home.todo.title')}
      more={{ to: workflowsPath(workspaceName, 'todo'), label: t('home.seeAll') }}
      query={query}
      isEmpty={(todo) => todo.items.length === 0}
      empty={t('home.todo.emptyTitle')}
    >
      {(todo) => (
        <CardList label={t('home.todo.title')}>
          {todo.items.slice(0, SHOWN).map((item) => (
            <CardRow
              key={`${item.workflowId}-${item.stepCode}-${item.myRole}`}
              main={
                <Anchor component={Link} to={contractPath(workspaceName, item.contractId)} size="sm" fw={600} lineClamp={1} title={item.contractTitle}>
                  {item.contractTitle}
                </Anchor>
              }
              aside={
                item.overdue ? (
                  <Badge color="red" variant="light">
                    {tw('todo.overdue')}
                  </Badge>
                ) : (
                  <Badge variant="light" color="gray" style={{ textTransform: 'none' }}>
                    {labels.step(item.stepCode)}
                  </Badge>
                )
              }
              details={tw('todo.waitingSince', { at: formatDateTime(item.waitingSince) })}
            />
          ))}
        </CardList>
      )}
    </HomeCard>
  );
}
