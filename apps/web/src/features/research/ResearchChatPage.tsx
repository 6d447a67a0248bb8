import { type ChatQueryBody, type ResearchCitation } from '@legal/api';
import { Box, Group, Paper, ScrollArea, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppTheme } from '../../app/theme/theme-context';
import { ChatComposer, type Question } from './ChatComposer';
import { ChatSidebar } from './ChatSidebar';
import { ChatThread, type Exchange } from './ChatThread';
import { CitationPanel } from './CitationPanel';
import { statuteAlertsPath, statuteBrowserPath } from './research-path';
import { ResearchGate } from './ChatDirectoryGate';
import { useChatListRefresh } from './research-queries';
import { streamResearchAnswer } from './research-stream';
import { useRecentFiltersRefresh } from './user-queries';
import './research-i18n';

function ChatScreen({ workspaceName, directory }: { workspaceName: string; directory: string }) {
  const { t } = useTranslation('research');
  const theme = useAppTheme();
  const flags = theme.flags;
  const [params, setParams] = useSearchParams();
  // The open chat and the list's day filter live in the URL (chat, from, to): a reload or a shared link opens the same view.
  const chatKey = params.get('chat');
  const filter = { updatedDateStart: params.get('from') ?? undefined, updatedDateEnd: params.get('to') ?? undefined };
  const refreshList = useChatListRefresh();
  const refreshFilters = useRecentFiltersRefresh();
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [isStreaming, setIsStreaming] = useState(false);
  const [citation, setCitation] = useState<ResearchCitation | null>(null);
  const exchangeCount = useRef(0);
  const running = useRef<{ controller: AbortController; exchangeId: number; chatKey: string | null } | null>(null);
  useDocumentTitle(`${t('page.title')} · ${workspaceName}`);

  const patch = (id: number, change: (e: Exchange) => Exchange) => setExchanges((all) => all.map((e) => (e.id === id ? change(e) : e)));

  const stop = () => {
    const current = running.current;
    if (!current) return;
    running.current = null;
    current.controller.abort();
    setIsStreaming(false);
    patch(current.exchangeId, (e) => (e.done || e.error ? e : { ...e, isStopped: true }));
  };

  // Opening another chat (or a new one) stops an answer still being written for the one left.
  useEffect(() => {
    if (running.current && running.current.chatKey !== chatKey) stop();
  });
  useEffect(() => () => running.current?.controller.abort(), []);
  // The newest words stay in view while an answer streams in.
  const threadViewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const viewport = threadViewport.current;
    if (viewport) viewport.scrollTop = viewport.scrollHeight;
  }, [exchanges]);

  const ask = (question: Question): boolean => {
    if (running.current || flags.businessAgentDisableChat) return false;
    exchangeCount.current += 1;
    const id = exchangeCount.current;
    const controller = new AbortController();
    running.current = { controller, exchangeId: id, chatKey };
    setExchanges((all) => [...all, { id, chatKey, question: question.question, streamed: '', done: null, error: null, isStopped: false }]);
    setIsStreaming(true);
    const body: ChatQueryBody = { question: question.question, ...(chatKey ? { chatKey } : {}), ...(question.asOf ? { asOf: question.asOf } : {}), ...(question.statuteIds ? { statuteIds: question.statuteIds } : {}), ...(question.categoryIds ? { categoryIds: question.categoryIds } : {}), ...(question.generalCategories ? { generalCategories: question.generalCategories } : {}) };
    void streamResearchAnswer(body, {
      signal: controller.signal,
      onDelta: (delta) => {
        if (!controller.signal.aborted) patch(id, (e) => ({ ...e, streamed: e.streamed + delta }));
      },
    })
      .then((done) => {
        if (controller.signal.aborted) return;
        running.current = null;
        patch(id, (e) => ({ ...e, chatKey: done.chatKey, done }));
        refreshList();
        refreshFilters();
        if (done.chatKey !== chatKey) setParams((current) => withParam(current, 'chat', done.chatKey));
      })
      .catch((error: unknown) => {
        // Stopped: `stop` marked the answer already; what the aborted read threw is no failure.
        if (controller.signal.aborted) return;
        running.current = null;
        patch(id, (e) => ({ ...e, error }));
      })
      .finally(() => {
        if (!running.current) setIsStreaming(false);
      });
    return true;
  };

  const openChat = (key: string | null) => {
    setExchanges((all) => all.filter((e) => e.chatKey !== null));
    setParams((current) => withParam(current, 'chat', key));
  };

  return (
    <Box px="md" py="md" h="calc(100dvh - var(--app-shell-header-offset, 0px) - var(--app-shell-footer-offset, 0px))" mih={560}>
      <Group align="stretch" gap="md" wrap="nowrap" h="100%">
        <Box w={280} style={{ flexShrink: 0 }}>
          <ChatSidebar
            activeChatKey={chatKey}
            filter={filter}
            onFilter={(next) => setParams((current) => withParam(withParam(current, 'from', next.updatedDateStart ?? null), 'to', next.updatedDateEnd ?? null))}
            hidesFilter={flags.businessAgentHideFilter}
            footerHtml={flags.businessAgentShowCustomSidebarFooter ? (theme.customSidebarFooterHtml ?? null) : null}
            statutesPath={statuteBrowserPath(workspaceName, directory)}
            alertsPath={statuteAlertsPath(workspaceName, directory)}
            onOpen={openChat}
            onNew={() => openChat(null)}
            onDeleted={(deleted) => {
              if (deleted === chatKey) openChat(null);
            }}
          />
        </Box>
        <Paper withBorder radius="md" p="md" style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto" offsetScrollbars viewportRef={threadViewport}>
            <ChatThread
              chatKey={chatKey}
              exchanges={exchanges}
              welcomeHtml={flags.businessAgentShowCustomWelcome ? (theme.customWelcomeHtml ?? null) : null}
              canAsk={!flags.businessAgentDisableChat && !isStreaming}
              onAsk={(question) => void ask({ question })}
              onOpenCitation={setCitation}
            />
          </ScrollArea>
          <Stack gap={0} pt="sm">
            <ChatComposer
              chatKey={chatKey}
              isStreaming={isStreaming}
              isDisabled={flags.businessAgentDisableChat}
              hidesFilter={flags.businessAgentHideFilter}
              hidesUpload={flags.businessAgentDisableFileUpload}
              onAsk={ask}
              onStop={stop}
              onChatStarted={(key) => setParams((current) => withParam(current, 'chat', key))}
            />
          </Stack>
        </Paper>
      </Group>
      <CitationPanel
        citation={citation}
        onClose={() => setCitation(null)}
        browserPath={(c) => statuteBrowserPath(workspaceName, directory, { lawSerialNumber: c.lawSerialNumber, article: c.article })}
      />
    </Box>
  );
}

function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

/** `/:workspaceName/:chatDirectory`: the legal research chat of the workspace (product AI_STUDIO). */
export function ResearchChatPage() {
  return <ResearchGate>{(entry, directory) => <ChatScreen workspaceName={entry.workspaceName} directory={directory} />}</ResearchGate>;
}
