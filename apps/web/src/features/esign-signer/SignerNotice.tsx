import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode } from 'react';
import { type ClosedState } from './signer-errors';
import { IconBan, IconCircleCheck, IconCircleX, IconClockX, IconFileCertificate, IconHourglass } from './esign-signer-icons';

type Tone = 'green' | 'gray' | 'orange' | 'red' | 'blue';

/** A full-page state of the signer pages: what happened and what to do next. */
export function SignerNotice({ icon, tone, title, body, children }: { icon: ReactNode; tone: Tone; title: string; body: string; children?: ReactNode }) {
  return (
    <Stack align="center" gap="md" py={48} px="md" ta="center" role="status" aria-live="polite">
      <ThemeIcon size={64} radius="xl" variant="light" color={tone} aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text c="dimmed" maw={520}>
        {body}
      </Text>
      {children}
    </Stack>
  );
}

const STATE_LOOK: Record<ClosedState, { tone: Tone; Icon: typeof IconBan }> = {
  NOT_YOUR_TURN: { tone: 'blue', Icon: IconHourglass },
  ALREADY_SIGNED: { tone: 'green', Icon: IconCircleCheck },
  DECLINED: { tone: 'red', Icon: IconCircleX },
  VOIDED: { tone: 'gray', Icon: IconBan },
  EXPIRED: { tone: 'orange', Icon: IconClockX },
  COMPLETED: { tone: 'green', Icon: IconFileCertificate },
};

export function stateLook(state: ClosedState) {
  const { tone, Icon } = STATE_LOOK[state];
  return { tone, icon: <Icon size={32} stroke={1.5} /> };
}
