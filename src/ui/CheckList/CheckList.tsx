import { List, type ListProps } from '@mantine/core';
import { IconCheck, IconCircleCheck } from '@tabler/icons-react';
import classes from './CheckList.module.css';

interface CheckListProps {
  items: string[];
  /** brand: a check in the brand colour (features, inclusions); success: a circled check in green (checks passed). */
  tone?: 'brand' | 'success';
  size?: ListProps['size'];
  className?: string;
}

/** A list of short items, each with a check mark (Mantine's List with an icon); the marks are decorative. */
export function CheckList({ items, tone = 'brand', size = 'sm', className }: CheckListProps) {
  const Mark = tone === 'success' ? IconCircleCheck : IconCheck;
  return (
    <List
      size={size}
      spacing="xs"
      className={className ? `${classes.list} ${className}` : classes.list}
      classNames={{ itemWrapper: classes.item, itemIcon: classes.mark }}
      data-tone={tone}
      icon={<Mark size={tone === 'success' ? 20 : 18} aria-hidden />}
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}
