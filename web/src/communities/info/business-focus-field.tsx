import { useState } from 'react';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import ToggleButton from '@cloudscape-design/components/toggle-button';
import TokenGroup from '@cloudscape-design/components/token-group';
import {
  addBusinessFocusTag,
  removeBusinessFocusTag,
  SUGGESTED_BUSINESS_FOCUS_TAGS,
  toggleBusinessFocusTag,
} from '@kehila/shared';
import { communityInfoText } from './community-info-text';

/**
 * Business focus (S1 §5): the suggested tags toggle on and off; custom tags are added with Add or
 * Enter (trimmed; empty or duplicate input is ignored); every chosen tag can be removed.
 */
export function BusinessFocusField({
  value,
  onChange,
}: {
  value: readonly string[];
  onChange: (tags: string[]) => void;
}) {
  const [custom, setCustom] = useState('');

  const addCustom = () => {
    onChange(addBusinessFocusTag(value, custom));
    setCustom('');
  };

  return (
    <SpaceBetween size="l">
      <FormField label={communityInfoText.businessFocus} description={communityInfoText.businessFocusHint}>
        <div
          role="group"
          aria-label={communityInfoText.suggestedTags}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
        >
          {SUGGESTED_BUSINESS_FOCUS_TAGS.map((tag) => (
            <ToggleButton
              key={tag}
              pressed={value.includes(tag)}
              onChange={() => onChange(toggleBusinessFocusTag(value, tag))}
            >
              {tag}
            </ToggleButton>
          ))}
        </div>
      </FormField>
      <FormField label={communityInfoText.customTag}>
        <div style={{ display: 'flex', gap: 8 }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Input
              value={custom}
              placeholder={communityInfoText.customTagPlaceholder}
              ariaLabel={communityInfoText.customTag}
              nativeInputAttributes={{ dir: 'auto' }}
              onChange={({ detail }) => setCustom(detail.value)}
              onKeyDown={(event) => {
                if (event.detail.key !== 'Enter') return;
                event.preventDefault();
                addCustom();
              }}
            />
          </div>
          <Button onClick={addCustom}>{communityInfoText.addTag}</Button>
        </div>
      </FormField>
      {value.length > 0 ? (
        <TokenGroup
          items={value.map((tag) => ({ label: tag, dismissLabel: `${communityInfoText.removeTag} ${tag}` }))}
          onDismiss={({ detail }) => {
            const tag = value[detail.itemIndex];
            if (tag !== undefined) onChange(removeBusinessFocusTag(value, tag));
          }}
        />
      ) : (
        <Box color="text-body-secondary">{communityInfoText.noTags}</Box>
      )}
    </SpaceBetween>
  );
}
