import type { ButtonHTMLAttributes } from 'react';
import styles from './ui.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'danger';

const VARIANT_CLASS: Readonly<Record<ButtonVariant, string | undefined>> = {
  primary: undefined,
  secondary: styles.buttonSecondary,
  danger: styles.buttonDanger,
};

export function buttonClassName(variant: ButtonVariant = 'primary'): string {
  const variantClass = VARIANT_CLASS[variant];
  return variantClass ? `${styles.button} ${variantClass}` : styles.button;
}

export function Button({
  variant = 'primary',
  type = 'button',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { readonly variant?: ButtonVariant }) {
  return (
    <button
      type={type}
      className={className ? `${buttonClassName(variant)} ${className}` : buttonClassName(variant)}
      {...props}
    />
  );
}
