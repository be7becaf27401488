// The Velvet wordmark; the image differs by theme (light text on dark, dark text on light).
import logoForDark from '../../assets/logo-dark.svg';
import logoForLight from '../../assets/logo-light.svg';

export interface LogoProps {
  theme: 'dark' | 'light';
  height?: number;
  className?: string;
}

export function Logo({ theme, height = 30, className }: LogoProps) {
  return (
    <img
      src={theme === 'light' ? logoForLight : logoForDark}
      alt="Velvet"
      height={height}
      width={Math.round((height * 132) / 32)}
      className={className}
      data-theme-logo={theme}
      draggable={false}
    />
  );
}
